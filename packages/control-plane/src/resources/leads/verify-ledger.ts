import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils'
import type { DatabaseProvider } from '../../platform/db/database-url.ts'
import { INT_ARG, intValue, jsonValue, timestampValue, type LedgerSource } from './raw-rows.ts'
import { placeholder } from '../../platform/db/sql-placeholder.ts'
import { verifyChain, type ChainHead, type StoredEvent } from './chain.ts'
import { EVENT_FIELDS } from './shape.ts'

/** The key of the one checkpoint row `leads.verify_all` keeps. */
const LEDGER_CHECKPOINT = 'ledger'
/** Leads read per round trip: their events fit in memory, and their ids in one statement's parameters. */
const LEAD_BATCH = 500
/** Broken leads reported by id; the count is always complete. */
export const MAX_BROKEN_LISTED = 100

type BrokenLead = { id: number, ref: string, broken_at: number }

export type LedgerReport = {
  ok: boolean
  leads: number
  events: number
  recomputed: number
  broken_count: number
  broken: BrokenLead[]
  from_event_id: number | null
  through_event_id: number
}

export type Head = ChainHead & { id: number }
type Event = StoredEvent & { id: number, leadId: number | null }

export const HEAD_FIELDS = { id: true, ref: true, eventCount: true, headHash: true } as const

const EVENT_COLUMNS = '"id", "lead", "seq", "type", "at", "data", "prevHash", "hash"'

/** The events of a batch of leads, on the driver adapter (see `LedgerSource`). */
async function readEventsRaw (adapter: SqlDriverAdapter, provider: DatabaseProvider, leadIds: readonly number[], contiguous: boolean): Promise<Event[]> {
  const mark = (index: number) => placeholder(provider, index)
  const args = contiguous ? [leadIds[0]!, leadIds.at(-1)!] : [...leadIds]
  const where = contiguous ? `"lead" >= ${mark(0)} AND "lead" <= ${mark(1)}` : `"lead" IN (${args.map((_, index) => mark(index)).join(', ')})`
  const result = await adapter.queryRaw({
    sql: `SELECT ${EVENT_COLUMNS} FROM "svc_lead_events" WHERE ${where} ORDER BY "lead" ASC, "seq" ASC`,
    args,
    argTypes: args.map(() => INT_ARG),
  })
  return result.rows.map(([id, lead, seq, type, at, data, prevHash, hash]) => ({
    id: intValue(id),
    leadId: lead === null ? null : intValue(lead),
    seq: intValue(seq),
    type: type as string,
    at: timestampValue(at),
    data: jsonValue(data),
    prevHash: prevHash as string,
    hash: hash as string,
  }))
}

function readEvents ({ db, adapter, provider }: LedgerSource, heads: readonly Head[], contiguous: boolean): Promise<Event[]> {
  if (adapter) return readEventsRaw(adapter, provider, heads.map(head => head.id), contiguous)
  return db.svcLeadEvent.findMany({
    where: { leadId: contiguous ? { gte: heads[0]!.id, lte: heads.at(-1)!.id } : { in: heads.map(head => head.id) } },
    select: { ...EVENT_FIELDS, id: true, leadId: true },
    orderBy: [{ leadId: 'asc' }, { seq: 'asc' }],
  })
}

/** `heads` sorted by id; `contiguous` when no lead between the first and the last is left out (a range reads the index in one walk). */
export async function verifyBatch (source: LedgerSource, heads: Head[], from: number, report: LedgerReport, contiguous: boolean): Promise<void> {
  const events = await readEvents(source, heads, contiguous)
  const byLead = new Map<number, Event[]>()
  for (const event of events) {
    const list = byLead.get(event.leadId!)
    if (list) list.push(event)
    else byLead.set(event.leadId!, [event])
  }
  for (const head of heads) {
    const chain = byLead.get(head.id) ?? []
    // Ids grow with seq within a lead, so the events the checkpoint covered are a prefix.
    const trusted = from === 0 ? 0 : chain.filter(event => event.id <= from).length
    const result = verifyChain(head, chain, trusted)
    report.leads += 1
    report.events += chain.length
    report.recomputed += chain.length - trusted
    if (!result.ok) {
      report.broken_count += 1
      if (report.broken.length < MAX_BROKEN_LISTED) report.broken.push({ id: head.id, ref: head.ref, broken_at: result.broken_at! })
    }
  }
}

/**
 * Recomputes every lead's chain in batches, or (from the checkpoint) only the events written
 * since the last clean verify, trusting the hashes it covered. A clean verify moves the
 * checkpoint to the newest event that existed when it started.
 */
export async function verifyLedger (source: LedgerSource, options: { fromCheckpoint: boolean, now: Date }): Promise<{ report: LedgerReport, saved: boolean }> {
  const { db } = source
  const through = (await db.svcLeadEvent.aggregate({ _max: { id: true } }))._max.id ?? 0
  const checkpoint = options.fromCheckpoint ? await readCheckpoint(db) : null
  const from = checkpoint ?? 0
  const report: LedgerReport = {
    ok: true, leads: 0, events: 0, recomputed: 0, broken_count: 0, broken: [], from_event_id: checkpoint, through_event_id: through,
  }
  if (from === 0) {
    let after = 0
    for (;;) {
      const heads = await db.svcLead.findMany({ where: { id: { gt: after } }, select: HEAD_FIELDS, orderBy: { id: 'asc' }, take: LEAD_BATCH })
      if (heads.length === 0) break
      await verifyBatch(source, heads, 0, report, true)
      after = heads.at(-1)!.id
    }
  } else {
    const touched = await db.svcLeadEvent.findMany({ where: { id: { gt: from } }, select: { leadId: true }, distinct: ['leadId'] })
    const ids = touched.map(row => row.leadId).filter((id): id is number => id !== null).sort((a, b) => a - b)
    for (let start = 0; start < ids.length; start += LEAD_BATCH) {
      const heads = await db.svcLead.findMany({ where: { id: { in: ids.slice(start, start + LEAD_BATCH) } }, select: HEAD_FIELDS, orderBy: { id: 'asc' } })
      await verifyBatch(source, heads, from, report, false)
    }
  }
  report.ok = report.broken_count === 0
  if (!report.ok || through <= from) return { report, saved: false }
  await saveCheckpoint(db, { lastEventId: through, leads: report.leads, events: report.events, verifiedAt: options.now })
  return { report, saved: true }
}

/** Where the last clean verify stopped (the newest event it covered); null before the first. */
export async function readCheckpoint (db: LedgerSource['db']): Promise<number | null> {
  const checkpoint = await db.svcLeadChainCheckpoint.findUnique({ where: { key: LEDGER_CHECKPOINT }, select: { lastEventId: true } })
  return checkpoint?.lastEventId ?? null
}

/** Moves the checkpoint after a clean verify through `lastEventId`. */
export async function saveCheckpoint (db: LedgerSource['db'], state: { lastEventId: number, leads: number, events: number, verifiedAt: Date }): Promise<void> {
  await db.svcLeadChainCheckpoint.upsert({ where: { key: LEDGER_CHECKPOINT }, create: { key: LEDGER_CHECKPOINT, ...state }, update: state })
}
