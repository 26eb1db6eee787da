import { z } from 'zod'
import type { JobKind } from '../../kernel/job-kind.ts'
import type { Db } from '../../platform/db/client.ts'
import type { LedgerSource } from './raw-rows.ts'
import { HEAD_FIELDS, MAX_BROKEN_LISTED, saveCheckpoint, verifyBatch, type Head, type LedgerReport } from './verify-ledger.ts'

/**
 * A lead costs a few microseconds to verify where a post's run costs milliseconds: a batch of this
 * job verifies this many leads per item of the worker's batch size (25 × 20 = 500 by default, the
 * inline verify's own batch), so a million leads take 2,000 batches rather than 40,000.
 */
const LEADS_PER_ITEM = 20

/** What the job was started with: the checkpoint it trusts (0 for none) and the newest event then. */
const verifyJobParams = z.object({ from_event_id: z.number().int(), through_event_id: z.number().int() })

/**
 * Where the next batch starts, stored by the worker after each batch: after the last lead verified,
 * with what the batches so far found, so a job resumed on another instance neither verifies a
 * range again nor forgets a broken lead when it decides whether to move the checkpoint.
 */
const cursorShape = z.object({ after: z.number().int(), leads: z.number().int(), events: z.number().int(), broken: z.number().int() })
type Cursor = z.infer<typeof cursorShape>

const START: Cursor = { after: 0, leads: 0, events: 0, broken: 0 }

/** The next leads to verify after `after`: every lead, or (from a checkpoint) those with an event written since. */
async function nextHeads (db: Db, from: number, after: number, take: number): Promise<Head[]> {
  if (from === 0) return await db.svcLead.findMany({ where: { id: { gt: after } }, select: HEAD_FIELDS, orderBy: { id: 'asc' }, take })
  const touched = await db.svcLeadEvent.findMany({
    where: { id: { gt: from }, leadId: { gt: after } }, select: { leadId: true }, distinct: ['leadId'], orderBy: { leadId: 'asc' }, take,
  })
  const ids = touched.map(row => row.leadId).filter((id): id is number => id !== null)
  return ids.length === 0 ? [] : await db.svcLead.findMany({ where: { id: { in: ids } }, select: HEAD_FIELDS, orderBy: { id: 'asc' } })
}

/**
 * A batch of `leads.start_verify_all`: the next leads by id, each chain recomputed (from the
 * checkpoint the job trusts, if any). Verifying writes nothing, so a batch an instance did not get
 * to store is only read again. The result counts leads, events, events recomputed and broken
 * chains, and names each broken lead as `broken_at:<lead id>` (the position of its first bad
 * event), up to 100. When the last batch ends with no broken chain, the ledger's checkpoint moves
 * to the newest event that existed when the job started, as a clean `leads.verify_all` does.
 */
export const verifyLedgerJob: JobKind = {
  kind: 'leads.start_verify_all',
  async step (job, limit, deps) {
    const params = verifyJobParams.parse(job.params)
    const cursor = job.cursor === null ? START : cursorShape.parse(JSON.parse(job.cursor))
    const source: LedgerSource = { db: deps.db, adapter: deps.options.hostAdapter?.current, provider: deps.options.databaseProvider }
    const take = limit * LEADS_PER_ITEM
    const heads = await nextHeads(deps.db, params.from_event_id, cursor.after, take)
    const report: LedgerReport = { ok: true, leads: 0, events: 0, recomputed: 0, broken_count: 0, broken: [], from_event_id: null, through_event_id: params.through_event_id }
    if (heads.length > 0) await verifyBatch(source, heads, params.from_event_id, report, params.from_event_id === 0)
    const next: Cursor = {
      after: heads.at(-1)?.id ?? cursor.after,
      leads: cursor.leads + report.leads,
      events: cursor.events + report.events,
      broken: cursor.broken + report.broken_count,
    }
    const named = report.broken.slice(0, Math.max(0, MAX_BROKEN_LISTED - cursor.broken))
    const finished = heads.length < take
    if (finished && next.broken === 0 && params.through_event_id > params.from_event_id) {
      await saveCheckpoint(deps.db, { lastEventId: params.through_event_id, leads: next.leads, events: next.events, verifiedAt: new Date() })
    }
    return {
      cursor: JSON.stringify(next),
      done: report.leads,
      tally: { leads: report.leads, events: report.events, recomputed: report.recomputed, broken: report.broken_count, ...Object.fromEntries(named.map(lead => [`broken_at:${lead.id}`, lead.broken_at])) },
      finished,
    }
  },
}
