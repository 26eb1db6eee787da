import type { Db } from '../../packages/control-plane/src/platform/db/client.ts'
import { seededLead } from '../../bench/support/seeded-lead.ts'
import { testProvider } from './database.ts'

const BATCH = 500

/** `(?, ?), (?, ?)` on SQLite, `($1, $2::jsonb), …` on PostgreSQL. */
function values (rows: number, columns: number, casts: Record<number, string> = {}): string {
  return Array.from({ length: rows }, (_, row) => '(' + Array.from({ length: columns }, (_, column) =>
    testProvider === 'sqlite' ? '?' : `$${row * columns + column + 1}${casts[column] ?? ''}`).join(', ') + ')').join(', ')
}

/**
 * Adds `count` leads with two chained events each, hashed as the capture path hashes them, by
 * multi-row INSERTs (a capture per lead, or `createMany`, would take minutes at 100k on a busy
 * machine). `from` numbers the refs, so several calls make one ledger.
 */
export async function seedLedger (db: Db, count: number, { from = 0, epoch = Date.UTC(2026, 0, 1) } = {}): Promise<void> {
  for (let start = from; start < from + count; start += BATCH) {
    const leads = Array.from({ length: Math.min(BATCH, from + count - start) }, (_, i) => seededLead(start + i, epoch, 60_000))
    const created = await db.$queryRawUnsafe<Array<{ id: number | bigint, ref: string }>>(
      `INSERT INTO "svc_leads" ("ref", "source", "email", "status", "eventCount", "headHash", "firstSeen") VALUES ${values(leads.length, 7)} RETURNING "id", "ref"`,
      ...leads.flatMap(lead => [lead.ref, lead.source, lead.email, 'Contacted', 2, lead.headHash, lead.firstSeen]),
    )
    const idOf = new Map(created.map(row => [row.ref, Number(row.id)]))
    const events = leads.flatMap(lead => lead.events.map(event => [idOf.get(lead.ref)!, event.seq, event.type, event.at, JSON.stringify(event.data), event.prevHash, event.hash]))
    await db.$executeRawUnsafe(
      `INSERT INTO "svc_lead_events" ("lead", "seq", "type", "at", "data", "prevHash", "hash") VALUES ${values(events.length, 7, { 4: '::jsonb' })}`,
      ...events.flat(),
    )
  }
}
