import { beforeAll, describe, expect, jest, test } from '@jest/globals'
import { startTestServer, useTestServer } from './support/in-process-server.ts'
import { dispatcher } from './support/client.ts'
import { auditWhere, type KeptFilters } from '../packages/control-plane/src/platform/audit/audit-filters.ts'
import { KEEP_TOTAL_FROM, KEPT_TOTAL_MAX_AGE_MS, WATERMARK_LAG_MS } from '../packages/control-plane/src/platform/audit/audit-total.ts'
import type { ControlPlaneOptions } from '../packages/control-plane/src/index.ts'

jest.setTimeout(120_000)

const DAY = 24 * 60 * 60 * 1000
let clock = new Date('2026-06-01T12:00:00Z')
const later = (ms: number) => { clock = new Date(clock.getTime() + ms) }

const options: ControlPlaneOptions = { clock: () => clock, outbox: false, retention: { intervalMinutes: 0, batchSize: 100 } }
const plane = useTestServer(options)
const db = () => plane.server.runtime.db

type Filters = KeptFilters & { since?: string, request_id?: string }

/** The combinations the tests read: the first three match 1,000 seeded entries or more (kept), the others fewer (counted live). */
const FILTERS: Filters[] = [{}, { operation: 'crm.list' }, { channel: 'mcp' }, { ok: false }, { operation: 'crm.list', channel: 'mcp', ok: true }]
const SEEDED = 3_000

/** Entries as the dispatcher writes them, `at` from `firstAt` on, one every `stepMs`. */
async function seedEntries (count: number, firstAt: Date, stepMs = 0): Promise<void> {
  await db().svcAuditEntry.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      at: new Date(firstAt.getTime() + i * stepMs),
      operation: i % 2 === 0 ? 'crm.list' : 'leads.capture',
      channel: i % 3 === 0 ? 'mcp' : 'dispatch',
      ok: i % 5 !== 0,
      mode: 'api_key',
    })),
  })
}

const whereOf = ({ since, request_id: requestId, ...kept }: Filters) => auditWhere({ ...kept, since: since === undefined ? undefined : new Date(since), requestId })
const count = (filters: Filters) => db().svcAuditEntry.count({ where: whereOf(filters) })

async function listTotal (filters: Filters, call = plane.dispatch): Promise<number> {
  const res = await call({ resource: 'audit', action: 'list', params: { ...filters, per_page: 1 } })
  expect(res.body.ok).toBe(true)
  return res.body.data.total as number
}

/** Every combination's first-page total is what COUNT(*) gives just before the call (the call's own entry is written after it answers). */
async function expectExactTotals (filters = FILTERS, call = plane.dispatch): Promise<void> {
  for (const each of filters) {
    const expected = await count(each)
    expect({ filters: each, total: await listTotal(each, call) }).toEqual({ filters: each, total: expected })
  }
}

const watermark = () => db().svcKeptCount.findUnique({ where: { key: 'audit.list:watermark' } })

async function keptTotals (): Promise<Array<{ filters: KeptFilters, count: number }>> {
  const rows = await db().svcKeptCount.findMany({ where: { key: { startsWith: 'audit.list:total:' } } })
  return rows.map(row => ({ filters: JSON.parse(row.key.slice('audit.list:total:'.length)) as KeptFilters, count: row.count }))
}

/** The invariant the totals rest on: each kept count is exactly the matching entries at or below the watermark. */
async function expectKeptTotalsExact (): Promise<void> {
  const through = (await watermark())!.count
  for (const kept of await keptTotals()) {
    const expected = await db().svcAuditEntry.count({ where: { AND: [auditWhere(kept.filters), { id: { lte: through } }] } })
    expect(kept).toEqual({ filters: kept.filters, count: expected })
  }
}

/** Reads once (so every combination is kept or counted), then waits for the background work. */
async function keepAll (): Promise<void> {
  await expectExactTotals()
  await plane.server.runtime.background.settled()
}

describe('audit.list first-page total from kept counts', () => {
  beforeAll(async () => {
    // 250 days of history, the oldest 380 days old: a prune a year on has something to remove.
    await seedEntries(SEEDED, new Date(clock.getTime() - 380 * DAY), 2 * 60 * 60 * 1000)
  })

  test('with each filter, the first total is a live count, the next ones kept totals; exact before and after new entries', async () => {
    await keepAll()
    const kept = (await keptTotals()).map(total => total.filters)
    expect(kept).toEqual(expect.arrayContaining([{}, { operation: 'crm.list' }, { channel: 'mcp' }]))
    // Fewer than KEEP_TOTAL_FROM matching entries: counted live, never kept.
    expect(await count({ ok: false })).toBeLessThan(KEEP_TOTAL_FROM)
    expect(kept).not.toContainEqual({ ok: false })
    await expectKeptTotalsExact()

    await seedEntries(40, clock)
    await expectExactTotals()
  })

  test('the total is the kept count plus the entries above the watermark: a kept count changed by hand shows in it', async () => {
    await keepAll()
    const key = 'audit.list:total:{"operation":"crm.list"}'
    const kept = (await db().svcKeptCount.findUnique({ where: { key } }))!
    const expected = await count({ operation: 'crm.list' })
    await db().svcKeptCount.update({ where: { key }, data: { count: kept.count + 1_000 } })
    try {
      expect(await listTotal({ operation: 'crm.list' })).toBe(expected + 1_000)
    } finally {
      await db().svcKeptCount.update({ where: { key }, data: { count: kept.count } })
    }
    expect(await listTotal({ operation: 'crm.list' })).toBe(expected)
  })

  test('a fresh watermark stays; one older than a minute moves up in the background to entries five minutes old, the totals exact throughout', async () => {
    await keepAll()
    later(KEPT_TOTAL_MAX_AGE_MS + 1)
    await keepAll()
    const before = (await watermark())!
    await seedEntries(30, clock)

    later(KEPT_TOTAL_MAX_AGE_MS / 2)
    await keepAll()
    expect(await watermark()).toEqual(before)

    later(WATERMARK_LAG_MS)
    await expectExactTotals()
    await plane.server.runtime.background.settled()
    const moved = (await watermark())!
    const newestOldEnough = await db().svcAuditEntry.findFirst({ where: { at: { lte: new Date(clock.getTime() - WATERMARK_LAG_MS) } }, orderBy: [{ at: 'desc' }, { id: 'desc' }] })
    expect(moved).toMatchObject({ count: newestOldEnough!.id, countedAt: clock })
    expect(moved.count).toBeGreaterThan(before.count)
    await expectKeptTotalsExact()
    await expectExactTotals()
  })

  test('a prune a year on takes its entries off the kept totals in each batch: exact after it, without a recount', async () => {
    await keepAll()
    later(KEPT_TOTAL_MAX_AGE_MS + WATERMARK_LAG_MS)
    await keepAll()
    const before = await keptTotals()
    later(30 * DAY)
    const pruned = (await plane.server.runtime.retention.runOnce())!.find(rule => rule.name === 'audit')!
    // batchSize 100: several batches, each its own transaction.
    expect(pruned).toMatchObject({ error: null })
    expect(pruned.pruned).toBeGreaterThan(200)

    const unfiltered = (totals: typeof before) => totals.find(total => Object.keys(total.filters).length === 0)!.count
    expect(unfiltered(await keptTotals())).toBe(unfiltered(before) - pruned.pruned)
    await expectKeptTotalsExact()
    await expectExactTotals()
  })

  test('under concurrent inserts every total lies between the counts taken around its call, and is exact once they stop', async () => {
    await keepAll()
    const writes = Array.from({ length: 10 }, () => seedEntries(20, clock))
    const reads = FILTERS.flatMap(filters => [0, 1].map(async () => {
      const low = await count(filters)
      const total = await listTotal(filters)
      const high = await count(filters)
      return { filters, inRange: low <= total && total <= high }
    }))
    const results = await Promise.all([...reads, ...writes])
    for (const read of results.slice(0, reads.length)) expect(read).toMatchObject({ inRange: true })
    await expectExactTotals()
  })

  test('a second instance answers the same totals from the same kept rows, and its prune keeps them exact for the first', async () => {
    await keepAll()
    const second = await startTestServer({ sharedWith: plane.server, controlPlane: options })
    const onSecond = dispatcher(second.app, plane.admin.key)
    try {
      await expectExactTotals(FILTERS, onSecond)
      await second.runtime.background.settled()
      later(20 * DAY)
      const pruned = (await second.runtime.retention.runOnce())!.find(rule => rule.name === 'audit')!
      expect(pruned.pruned).toBeGreaterThan(0)
      await expectExactTotals(FILTERS, onSecond)
      await second.runtime.background.settled()
    } finally {
      await second.close()
    }
    await expectExactTotals()
    await plane.server.runtime.background.settled()
    await expectKeptTotalsExact()
  })

  test('a filter by time or by Request-Id is counted live and never kept', async () => {
    await keepAll()
    const before = await keptTotals()
    const since = new Date(clock.getTime() - 100 * DAY).toISOString()
    await expectExactTotals([{ since }, { since, operation: 'crm.list' }, { request_id: 'no-such-request' }])
    await plane.server.runtime.background.settled()
    expect(await keptTotals()).toHaveLength(before.length)
  })

  test('a watermark deleted by hand drops the kept totals, which start over, exact', async () => {
    await keepAll()
    await db().svcKeptCount.delete({ where: { key: 'audit.list:watermark' } })
    await keepAll()
    await expectKeptTotalsExact()
    await expectExactTotals()
  })

  test('an id is never handed out twice, even after the newest entry is deleted: no entry appears below a watermark', async () => {
    const entry = () => db().svcAuditEntry.create({ data: { at: clock, operation: 'crm.list', channel: 'dispatch', ok: true, mode: 'api_key' } })
    // Written now, so above any watermark: deleting it leaves the kept totals true for the other tests.
    const newest = await entry()
    await db().svcAuditEntry.delete({ where: { id: newest.id } })
    expect((await entry()).id).toBeGreaterThan(newest.id)
  })
})
