import { describe, expect, jest, test } from '@jest/globals'
import { useTestServer, type UsedTestServer } from './support/in-process-server.ts'
import { seedLedger } from './support/ledger-seed.ts'
import { FIRST_COUNT_LIVE_UP_TO, KEPT_COUNT_MAX_AGE_MS, KEPT_RECOUNT_TASK } from '../packages/control-plane/src/resources/status/kept-counts.ts'
import { COUNTS_LEASE_KEY, releaseLease, takeLease } from '../packages/control-plane/src/platform/retention/lease.ts'

let clock = new Date('2026-03-01T10:00:00Z')
const later = (ms: number) => { clock = new Date(clock.getTime() + ms) }

const plane = useTestServer({ clock: () => clock, outbox: false })
const db = () => plane.server.runtime.db
const keptRecount = (server = plane.server) => server.runtime.background.settled(KEPT_RECOUNT_TASK)
const status = async () => (await plane.dispatch({ resource: 'status', action: 'get' })).body.data
const capture = (source: string) => plane.caller('leads')('capture', { source })

describe('status.get keeps the counts of tables that grow, instead of counting them per call', () => {
  test('leads are answered from the kept count with its time, and recounted in the background once a minute old', async () => {
    await capture('kept-1')
    later(KEPT_COUNT_MAX_AGE_MS + 1)
    await status()
    await keptRecount()
    await capture('kept-2')
    const first = await status()
    const counted = await db().svcLead.count() - 1
    expect(first.counts.leads).toBe(counted)
    expect(first.counts_as_of).toMatchObject({ leads: clock.toISOString(), runs: clock.toISOString() })
    // Small tables stay live: they are not in counts_as_of.
    expect(first.counts_as_of).not.toHaveProperty('crm')

    later(KEPT_COUNT_MAX_AGE_MS / 2)
    const fresh = await status()
    expect(fresh.counts.leads).toBe(counted)
    expect(fresh.counts_as_of.leads).toBe(first.counts_as_of.leads)

    later(KEPT_COUNT_MAX_AGE_MS)
    const stale = await status()
    expect(stale.counts.leads).toBe(counted)
    await keptRecount()
    const recounted = await status()
    expect(recounted.counts.leads).toBe(counted + 1)
    expect(recounted.counts_as_of.leads).toBe(clock.toISOString())
  })

  test('a write rolled back is never counted', async () => {
    const before = await db().svcLead.count()
    await expect(db().$transaction(async tx => {
      await tx.svcLead.create({ data: { ref: 'rolled-back-lead', source: 'rollback', firstSeen: clock } })
      throw new Error('rolled back')
    })).rejects.toThrow('rolled back')
    later(KEPT_COUNT_MAX_AGE_MS + 1)
    await status()
    await keptRecount()
    expect((await status()).counts.leads).toBe(before)
  })

  test('one instance recounts at a time: while another holds the lease, the kept count stays', async () => {
    later(KEPT_COUNT_MAX_AGE_MS + 1)
    await status()
    await keptRecount()
    const kept = await status()
    expect(await takeLease(db(), 'another-instance', clock, 10 * 60_000, COUNTS_LEASE_KEY)).toBe(true)
    try {
      await capture('while-leased')
      later(KEPT_COUNT_MAX_AGE_MS + 1)
      await status()
      await keptRecount()
      expect((await status()).counts).toMatchObject({ leads: kept.counts.leads })
    } finally {
      await releaseLease(db(), 'another-instance', COUNTS_LEASE_KEY)
    }
    await status()
    await keptRecount()
    expect((await status()).counts.leads).toBe(kept.counts.leads + 1)
  })
})

/** A server of its own, whose kept counters were never counted. */
function freshServer () {
  const fresh = useTestServer({ clock: () => clock, outbox: false })
  return { fresh, freshDb: () => fresh.server.runtime.db, freshStatus: () => fresh.dispatch({ resource: 'status', action: 'get' }) }
}

const checkNamed = (res: Awaited<ReturnType<UsedTestServer['dispatch']>>, name: string) => res.body.data.checks.find((check: { name: string }) => check.name === name)

describe('a kept counter never counted yet is counted in the background, never in the request', () => {
  describe('while its table is small', () => {
    const { fresh, freshStatus } = freshServer()

    test('the first call answers a live count and starts the kept count; the next call answers it with its time', async () => {
      await fresh.caller('leads')('capture', { source: 'first-count' })
      const first = (await freshStatus()).body.data
      expect(first.counts.leads).toBe(1)
      expect(first.counts_as_of).not.toHaveProperty('leads')
      await keptRecount(fresh.server)
      expect((await freshStatus()).body.data).toMatchObject({ counts: { leads: 1 }, counts_as_of: { leads: clock.toISOString() } })
    })
  })

  describe(`while its table holds more than ${FIRST_COUNT_LIVE_UP_TO} rows`, () => {
    const { fresh, freshStatus } = freshServer()

    test('the first call leaves it out of counts (and flags nothing), the next one answers the kept count', async () => {
      await seedLedger(fresh.server.databaseUrl, FIRST_COUNT_LIVE_UP_TO + 1)
      const first = await freshStatus()
      expect(first.body.data.counts).not.toHaveProperty('leads')
      expect(checkNamed(first, 'migrations')).toMatchObject({ ok: true })
      await keptRecount(fresh.server)
      expect((await freshStatus()).body.data.counts.leads).toBe(FIRST_COUNT_LIVE_UP_TO + 1)
    })
  })
})

describe('reading the kept counts fails', () => {
  describe('because their table is missing (the migration not applied)', () => {
    const { fresh, freshDb, freshStatus } = freshServer()

    test('the counters are counted live, as before the table existed', async () => {
      await fresh.caller('leads')('capture', { source: 'no-table' })
      await freshDb().$executeRawUnsafe('DROP TABLE "svc_kept_counts"')
      const res = await freshStatus()
      expect(res.body.data).toMatchObject({ counts: { leads: 1 }, counts_as_of: {} })
    })
  })

  describe('for any other reason', () => {
    const { freshDb, freshStatus } = freshServer()

    test('the failure is logged and status.get fails with internal, instead of counting every large table live', async () => {
      await freshDb().$executeRawUnsafe('ALTER TABLE "svc_kept_counts" RENAME COLUMN "countedAt" TO "countedAtElsewhere"')
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
      try {
        const res = await freshStatus()
        expect(res.body).toMatchObject({ ok: false, code: 'internal' })
        expect(logged).toHaveBeenCalledWith('[svc] status: could not read the kept counts', expect.anything())
      } finally {
        logged.mockRestore()
      }
    })
  })
})
