import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { testProvider } from './support/database.ts'
import { seedLedger } from './support/ledger-seed.ts'
import { verifyLedger } from '../packages/control-plane/src/resources/leads/verify-ledger.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

/**
 * The ledger of the target (100k leads, 200k events) on SQLite; PostgreSQL gets a tenth,
 * which is enough to prove its rows read the same on the adapter. The time is printed, not
 * asserted: the benchmark (`npm run bench:growth`) is where it is measured.
 */
const LEADS = testProvider === 'sqlite' ? 100_000 : 10_000

const plane = useTestServer({ outbox: false })
const db = () => plane.server.db as unknown as Db
const verifyAll = async (params: Record<string, unknown> = {}) => {
  const res = await plane.dispatch({ resource: 'leads', action: 'verify_all', params })
  expect(res.body.error).toBeNull()
  return res.body.data
}

beforeAll(async () => {
  const started = performance.now()
  await seedLedger(plane.server.databaseUrl, LEADS)
  console.log(`[verify] seeded ${LEADS} leads in ${Math.round(performance.now() - started)} ms`)
}, 600_000)

describe(`leads.verify_all over ${LEADS} leads with two events each`, () => {
  test('verifies every chain, read on the driver adapter, and the Prisma client reads the same', async () => {
    const started = performance.now()
    const cpu = process.cpuUsage()
    const report = await verifyAll()
    const used = process.cpuUsage(cpu)
    console.log(`[verify] ${LEADS} leads / ${2 * LEADS} events verified in ${Math.round(performance.now() - started)} ms (${Math.round((used.user + used.system) / 1000)} ms CPU) on ${testProvider}`)
    expect(report).toMatchObject({ ok: true, leads: LEADS, events: 2 * LEADS, recomputed: 2 * LEADS, broken_count: 0 })
    expect(plane.server.runtime.options.hostAdapter?.current).toBeDefined()
    const { report: throughPrisma } = await verifyLedger({ db: db(), provider: testProvider }, { fromCheckpoint: false, now: new Date() })
    expect(throughPrisma).toEqual(report)
    expect(throughPrisma).toMatchObject({ ok: true, leads: LEADS, events: 2 * LEADS })
  }, 600_000)

  test('a changed event deep in the ledger is found, by id, on either path', async () => {
    const victim = await db().svcLead.findFirstOrThrow({ where: { ref: `L${String(LEADS - 7).padStart(8, '0')}` }, select: { id: true, ref: true } })
    const event = await db().svcLeadEvent.findFirstOrThrow({ where: { leadId: victim.id, seq: 2 } })
    await db().svcLeadEvent.update({ where: { id: event.id }, data: { data: { from: 'New', to: 'Customer' } } })
    try {
      const report = await verifyAll()
      expect(report).toMatchObject({ ok: false, broken_count: 1, broken: [{ id: victim.id, ref: victim.ref, broken_at: 2 }] })
      const { report: throughPrisma } = await verifyLedger({ db: db(), provider: testProvider }, { fromCheckpoint: false, now: new Date() })
      expect(throughPrisma).toMatchObject({ ok: false, broken_count: 1, broken: [{ id: victim.id, broken_at: 2 }] })
    } finally {
      // Left as found, for any test after this one (verifying it again would only repeat the first test).
      await db().svcLeadEvent.update({ where: { id: event.id }, data: { data: event.data ?? {} } })
    }
  }, 600_000)
})
