import { beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { EXPORT_UNPAGED_MAX } from '../packages/control-plane/src/resources/leads/operations/export.ts'

let clock: Date
const plane = useTestServer({ outbox: false, clock: () => clock })
const advance = (seconds: number) => { clock = new Date(clock.getTime() + seconds * 1000) }

beforeEach(async () => {
  clock = new Date('2026-04-01T09:00:00.000Z')
  await plane.server.db.svcLeadEvent.deleteMany()
  await plane.server.db.svcLead.deleteMany()
  await plane.server.db.svcLeadChainCheckpoint.deleteMany()
})

const leads = plane.caller('leads')
const call = async (resource: string, action: string, params: Record<string, unknown> = {}) => {
  const res = await plane.dispatch({ resource, action, params })
  expect({ action, error: res.body.error }).toEqual({ action, error: null })
  return res.body.data
}

async function capture (source = 'contact_form'): Promise<number> {
  advance(1)
  const res = await leads('capture', { source, email: `lead-${clock.getTime()}@example.test` })
  expect(res.status).toBe(200)
  return res.body.data.id
}

type Paged = { items: Array<{ id: number }>, next_cursor: string | null }

/** Every item of a list read by cursor, running `between` after each page. */
async function readByCursor (resource: string, action: string, params: Record<string, unknown>, between: () => Promise<unknown> = async () => {}) {
  const ids: number[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 50; pages++) {
    const page: Paged = await call(resource, action, { ...params, ...(cursor === null ? {} : { cursor }) })
    ids.push(...page.items.map(item => item.id))
    cursor = page.next_cursor
    if (cursor === null) return ids
    await between()
  }
  throw new Error('the cursor never ended')
}

describe('keyset cursors', () => {
  test('leads.list by cursor neither skips nor repeats a lead while new leads arrive between pages', async () => {
    const before: number[] = []
    for (let i = 0; i < 7; i++) before.push(await capture())
    const seen = await readByCursor('leads', 'list', { per_page: 2 }, () => capture())
    expect(seen).toEqual([...before].reverse())
    // By offset the same arrivals shift every page: the contract's page/per_page still works, but repeats.
    const first = await call('leads', 'list', { per_page: 2, page: 1 })
    expect(first).toMatchObject({ page: 1, per_page: 2, total: 10 })
    expect(typeof first.next_cursor).toBe('string')
  })

  test('leads.list breaks ties on first_seen by id, and a source filter keeps its cursor within the source', async () => {
    const at = new Date('2026-03-01T00:00:00.000Z')
    await plane.server.db.svcLead.createMany({
      data: Array.from({ length: 9 }, (_, i) => ({ ref: `tie-${i}`, source: i % 3 === 0 ? 'fair' : 'web', firstSeen: at })),
    })
    const all = await plane.server.db.svcLead.findMany({ orderBy: { id: 'desc' }, select: { id: true, source: true } })
    expect(await readByCursor('leads', 'list', { per_page: 2 })).toEqual(all.map(row => row.id))
    expect(await readByCursor('leads', 'list', { per_page: 1, source: 'fair' })).toEqual(all.filter(row => row.source === 'fair').map(row => row.id))
    // `since` and the cursor both bound first_seen: each keeps its own condition.
    expect(await readByCursor('leads', 'list', { per_page: 2, since: '2026-03-01' })).toEqual(all.map(row => row.id))
    expect(await readByCursor('leads', 'list', { per_page: 2, since: '2026-03-02' })).toEqual([])
  })

  test('audit.list by cursor keeps its place while every call adds entries at the top', async () => {
    for (let i = 0; i < 5; i++) await call('crm', 'list')
    const first = await call('audit', 'list', { operation: 'crm.list', per_page: 2 })
    const expected = (await plane.server.db.svcAuditEntry.findMany({ where: { operation: 'crm.list' }, orderBy: { id: 'desc' }, select: { id: true } }))
      .map(row => row.id)
    const rest = await readByCursor('audit', 'list', { operation: 'crm.list', per_page: 2 }, () => call('crm', 'list'))
    expect(first.items.map((item: { id: number }) => item.id)).toEqual(expected.slice(0, 2))
    expect(rest).toEqual(expected)
  })

  test('pipelines.list_runs and content_sources.list_deliveries page by cursor within their filters', async () => {
    const db = plane.server.db
    await db.svcPipelineRun.deleteMany()
    await db.svcContentDelivery.deleteMany()
    await db.svcPipelineRun.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({ postId: '1', recipeId: 'default', status: i % 2 === 0 ? 'success' : 'failed', triggerKind: 'manual', contentHash: `h${i}` })),
    })
    const runs = await db.svcPipelineRun.findMany({ orderBy: { id: 'desc' }, select: { id: true, status: true } })
    expect(await readByCursor('pipelines', 'list_runs', { per_page: 3 })).toEqual(runs.map(run => run.id))
    expect(await readByCursor('pipelines', 'list_runs', { per_page: 1, status: 'failed' })).toEqual(runs.filter(run => run.status === 'failed').map(run => run.id))

    await db.svcContentDelivery.createMany({
      data: Array.from({ length: 6 }, (_, i) => ({ sourceId: i < 4 ? 'source-a' : 'source-b', webhookId: `w${i}`, body: '{"secret":"never listed"}', status: 'received' })),
    })
    const deliveries = await db.svcContentDelivery.findMany({ orderBy: { id: 'desc' }, select: { id: true, sourceId: true } })
    expect(await readByCursor('content_sources', 'list_deliveries', { per_page: 4 })).toEqual(deliveries.map(row => row.id))
    const page = await call('content_sources', 'list_deliveries', { source_id: 'source-a', per_page: 3 })
    expect(page).toMatchObject({ total: 4, per_page: 3 })
    expect(page.items[0]).toMatchObject({ source_id: 'source-a', status: 'received', webhook_id: 'w3', post_id: null })
    expect(JSON.stringify(page)).not.toContain('never listed')
  })

  test('a walk by cursor answers the total its first page counted, which equals the rows the walk returns, while new rows arrive', async () => {
    for (let i = 0; i < 7; i++) await capture()
    let page: Paged & { total: number } = await call('leads', 'list', { per_page: 3 })
    expect(page.total).toBe(7)
    const seen = page.items.map(item => item.id)
    while (page.next_cursor !== null) {
      // Rows arrive at the top: counting again would answer 8, 9; the walk's total stays the rows it will return.
      await capture()
      page = await call('leads', 'list', { per_page: 3, cursor: page.next_cursor })
      expect(page.total).toBe(7)
      seen.push(...page.items.map(item => item.id))
    }
    expect(seen).toHaveLength(7)
    // A new walk, and the page form, count again (two leads arrived during the walk).
    expect((await call('leads', 'list', { per_page: 3 })).total).toBe(9)
    expect((await call('leads', 'list', { per_page: 3, page: 2 })).total).toBe(9)

    // The same on an id-ordered list with a filter: the total is the filter's.
    for (let i = 0; i < 4; i++) await call('crm', 'list')
    const audit: Paged & { total: number } = await call('audit', 'list', { operation: 'crm.list', per_page: 2 })
    const next: Paged & { total: number } = await call('audit', 'list', { operation: 'crm.list', per_page: 2, cursor: audit.next_cursor })
    expect(next.total).toBe(audit.total)
    expect(audit.total).toBe(await plane.server.db.svcAuditEntry.count({ where: { operation: 'crm.list', id: { lte: audit.items[0]!.id } } }))
  })

  test('a cursor without a total (handed out before totals were carried) counts; one with a bad total is invalid_params', async () => {
    for (let i = 0; i < 3; i++) await capture()
    const newest = await plane.server.db.svcLead.findFirstOrThrow({ orderBy: [{ firstSeen: 'desc' }, { id: 'desc' }] })
    const old = Buffer.from(JSON.stringify([newest.firstSeen.toISOString(), newest.id])).toString('base64url')
    expect(await call('leads', 'list', { per_page: 1, cursor: old })).toMatchObject({ total: 3, items: [expect.anything()] })
    for (const total of [-1, 1.5, '3']) {
      const forged = Buffer.from(JSON.stringify([newest.firstSeen.toISOString(), newest.id, total])).toString('base64url')
      const res = await plane.dispatch({ resource: 'leads', action: 'list', params: { cursor: forged } })
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_params' })
    }
  })

  test('a cursor that this list did not hand out, or a cursor beside page, is invalid_params', async () => {
    const leadCursor = (await call('leads', 'list', { per_page: 1 })).next_cursor
    for (const params of [{ cursor: 'not-a-cursor' }, { cursor: Buffer.from('[1]').toString('base64url') }, { cursor: 'abc', page: 2 }]) {
      const res = await plane.dispatch({ resource: 'leads', action: 'list', params })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_params' })
    }
    const res = await plane.dispatch({ resource: 'audit', action: 'list', params: { cursor: Buffer.from('["2026-01-01T00:00:00.000Z",3]').toString('base64url') } })
    expect(res.body).toMatchObject({ ok: false, code: 'invalid_params' })
    expect(leadCursor === null || typeof leadCursor === 'string').toBe(true)
  })
})

describe('leads.export', () => {
  test('pages by limit and next_cursor, and the JSON-lines stream gives the same rows in the same order', async () => {
    for (let i = 0; i < 5; i++) await capture()
    const paged: unknown[] = []
    let cursor: string | null = null
    do {
      const data: { rows: unknown[], count: number, next_cursor: string | null } = await call('leads', 'export', { limit: 2, ...(cursor === null ? {} : { cursor }) })
      expect(data.count).toBe(data.rows.length)
      paged.push(...data.rows)
      cursor = data.next_cursor
    } while (cursor !== null)
    expect(paged).toHaveLength(5)
    expect(paged).toEqual((await call('leads', 'export')).rows)

    const res = await getWithKey(plane.server.app, plane.admin.key, '/leads/export.ndjson')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/)
    expect(res.text.trimEnd().split('\n').map(line => JSON.parse(line))).toEqual(paged)
    const since = await getWithKey(plane.server.app, plane.admin.key, '/leads/export.ndjson?since=2999-01-01')
    expect(since.status).toBe(200)
    expect(since.text).toBe('')
  })

  test('without limit or cursor it answers the whole ledger as the contract says, and past EXPORT_UNPAGED_MAX refuses with 413 instead of cutting it short', async () => {
    const lead = await capture()
    const whole = await call('leads', 'export')
    expect(whole).toMatchObject({ count: 1, next_cursor: null })
    const at = new Date('2026-03-01T00:00:00.000Z')
    await plane.server.db.svcLeadEvent.createMany({
      data: Array.from({ length: EXPORT_UNPAGED_MAX }, (_, i) => ({ leadId: lead, seq: i + 2, type: 'note', at })),
    })
    const refused = await plane.dispatch({ resource: 'leads', action: 'export', params: {} })
    expect(refused.status).toBe(413)
    expect(refused.body).toMatchObject({ ok: false, code: 'payload_too_large' })
    expect(refused.body.error).toMatch(/export\.ndjson/)
    const page = await call('leads', 'export', { limit: 10 })
    expect(page.count).toBe(10)
    expect(typeof page.next_cursor).toBe('string')
    const recent = await call('leads', 'export', { since: '2026-04-01' })
    expect(recent.count).toBe(1)
  })

  test('the stream refuses bad queries and callers without the capability, with the envelope', async () => {
    const bad = await getWithKey(plane.server.app, plane.admin.key, '/leads/export.ndjson?since=yesterday')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ ok: false, code: 'invalid_params' })
    const editor = await plane.account('editor')
    const refused = await getWithKey(plane.server.app, editor.key, '/leads/export.ndjson')
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ ok: false, code: 'forbidden' })
    const audited = await plane.server.db.svcAuditEntry.findFirst({ where: { operation: 'leads.export', channel: 'route' }, orderBy: { id: 'desc' } })
    expect(audited).toMatchObject({ ok: false, code: 'forbidden' })
  })
})

describe('leads.verify_all', () => {
  const tamper = (leadId: number) => plane.server.db.svcLeadEvent.updateMany({ where: { leadId, seq: 1 }, data: { data: { tampered: true } } })
  const verifyAll = (params: Record<string, unknown> = {}) => plane.dispatch({ resource: 'leads', action: 'verify_all', params }).then(res => res.body)

  test('a tamper before the checkpoint is skipped only from the checkpoint; one after it is found either way', async () => {
    const first = await capture()
    await capture()
    const clean = await verifyAll()
    expect(clean).toMatchObject({ ok: true, changed: true, data: { ok: true, leads: 2, events: 2, recomputed: 2, broken_count: 0, from_event_id: null } })

    await tamper(first)
    const fromCheckpoint = await verifyAll({ from_checkpoint: true })
    expect(fromCheckpoint.data).toMatchObject({ ok: true, leads: 0, recomputed: 0, from_event_id: clean.data.through_event_id })
    const full = await verifyAll()
    expect(full).toMatchObject({ changed: false, data: { ok: false, broken_count: 1, broken: [{ id: first, broken_at: 1 }] } })

    const later = await capture()
    await tamper(later)
    const afterCheckpoint = await verifyAll({ from_checkpoint: true })
    expect(afterCheckpoint).toMatchObject({ changed: false, data: { ok: false, leads: 1, recomputed: 1, broken: [{ id: later, broken_at: 1 }] } })
  })

  test('from the checkpoint only the events written since are recomputed, and the checkpoint moves on', async () => {
    await capture()
    await capture()
    await verifyAll()
    const added = await capture()
    await leads('set_status_local', { id: added, status: 'Contacted' }).catch(() => null)
    const next = await verifyAll({ from_checkpoint: true })
    expect(next).toMatchObject({ ok: true, changed: true, data: { ok: true, leads: 1, broken_count: 0 } })
    expect(next.data.recomputed).toBe(next.data.events)
    const again = await verifyAll({ from_checkpoint: true })
    expect(again).toMatchObject({ changed: false, data: { ok: true, leads: 0, recomputed: 0 } })
  })
})
