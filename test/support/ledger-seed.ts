import type { Db } from '../../packages/control-plane/src/db/client.ts'
import { eventHash, GENESIS_HASH } from '../../packages/control-plane/src/resources/leads/chain.ts'

const BATCH = 5000
const SOURCES = ['contact_form', 'fair', 'web']

/**
 * Adds `count` leads with two chained events each, hashed as the capture path hashes them, by
 * bulk insert (a capture per lead would take minutes at 100k). `from` numbers the refs, so
 * several calls make one ledger.
 */
export async function seedLedger (db: Db, count: number, { from = 0, epoch = Date.UTC(2026, 0, 1) } = {}): Promise<void> {
  for (let start = from; start < from + count; start += BATCH) {
    const leads = Array.from({ length: Math.min(BATCH, from + count - start) }, (_, i) => {
      const n = start + i
      const ref = `L${String(n).padStart(8, '0')}`
      const firstSeen = new Date(epoch + n * 60_000)
      const events = [
        { seq: 1, type: 'captured', at: firstSeen, data: { source: SOURCES[n % 3], email: `lead-${n}@example.test`, attribution: { utm: { source: 'x', medium: n % 2 === 0 ? 'cpc' : null } } } },
        { seq: 2, type: 'status_changed', at: new Date(firstSeen.getTime() + 30_000), data: { from: 'New', to: 'Contacted', note: `Ünïcödé ${n} "quoted" \u2028` } },
      ]
      let prevHash = GENESIS_HASH
      const chained = events.map(event => {
        const hash = eventHash(prevHash, { lead: ref, ...event })
        const row = { ...event, prevHash, hash }
        prevHash = hash
        return row
      })
      return { lead: { ref, source: SOURCES[n % 3]!, email: `lead-${n}@example.test`, status: 'Contacted', eventCount: 2, headHash: prevHash, firstSeen }, chained }
    })
    const created = await db.svcLead.createManyAndReturn({ data: leads.map(entry => entry.lead), select: { id: true, ref: true } })
    const idOf = new Map(created.map(row => [row.ref, row.id]))
    await db.svcLeadEvent.createMany({ data: leads.flatMap(entry => entry.chained.map(event => ({ ...event, leadId: idOf.get(entry.lead.ref)! }))) })
  }
}
