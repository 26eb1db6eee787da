import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { keptRecount, KEPT_COUNT_MAX_AGE_MS } from '../packages/control-plane/src/resources/status/kept-counts.ts'
import { COUNTS_LEASE_KEY, releaseLease, takeLease } from '../packages/control-plane/src/retention/lease.ts'

let clock = new Date('2026-03-01T10:00:00Z')
const later = (ms: number) => { clock = new Date(clock.getTime() + ms) }

const plane = useTestServer({ clock: () => clock, outbox: false })
const db = () => plane.server.runtime.db
const status = async () => (await plane.dispatch({ resource: 'status', action: 'get' })).body.data
const capture = (source: string) => plane.caller('leads')('capture', { source })

describe('status.get keeps the counts of tables that grow, instead of counting them per call', () => {
  test('leads are counted once, answered from the kept count with its time, and recounted in the background once a minute old', async () => {
    await capture('kept-1')
    await capture('kept-2')
    const first = await status()
    const counted = await db().svcLead.count()
    expect(first.counts.leads).toBe(counted)
    expect(first.counts_as_of).toMatchObject({ leads: clock.toISOString(), runs: clock.toISOString() })
    // Small tables stay live: they are not in counts_as_of.
    expect(first.counts_as_of).not.toHaveProperty('crm')

    await capture('kept-3')
    later(KEPT_COUNT_MAX_AGE_MS / 2)
    const fresh = await status()
    expect(fresh.counts.leads).toBe(counted)
    expect(fresh.counts_as_of.leads).toBe(first.counts_as_of.leads)

    later(KEPT_COUNT_MAX_AGE_MS)
    const stale = await status()
    expect(stale.counts.leads).toBe(counted)
    await keptRecount(db())
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
    await keptRecount(db())
    expect((await status()).counts.leads).toBe(before)
  })

  test('one instance recounts at a time: while another holds the lease, the kept count stays', async () => {
    later(KEPT_COUNT_MAX_AGE_MS + 1)
    await status()
    await keptRecount(db())
    const kept = await status()
    expect(await takeLease(db(), 'another-instance', clock, 10 * 60_000, COUNTS_LEASE_KEY)).toBe(true)
    try {
      await capture('while-leased')
      later(KEPT_COUNT_MAX_AGE_MS + 1)
      await status()
      await keptRecount(db())
      expect((await status()).counts).toMatchObject({ leads: kept.counts.leads })
    } finally {
      await releaseLease(db(), 'another-instance', COUNTS_LEASE_KEY)
    }
    await status()
    await keptRecount(db())
    expect((await status()).counts.leads).toBe(kept.counts.leads + 1)
  })
})
