import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { CursorKey } from '../../lib/cursor.ts'
import { EVENT_FIELDS, leadEventRecord, toLeadEventRecord } from './shape.ts'

export const ledgerRow = leadEventRecord.extend({
  lead_id: z.number().int(),
  lead_ref: z.string(),
  source: z.string(),
  campaign: z.string().nullable(),
  status: z.string().describe("The lead's current status."),
  rt_contact_id: z.string().nullable(),
})

export type LedgerRow = z.input<typeof ledgerRow>

/**
 * One page of the lead ledger, oldest first by (at, id), after `after`: read by the
 * (at, id) index whatever the page's depth, so an export of any size is a loop of these.
 */
export async function readLedgerPage (db: Db, options: { since?: Date | undefined, after: CursorKey | null, take: number }): Promise<{ rows: LedgerRow[], keys: CursorKey[] }> {
  const { since, after, take } = options
  const events = await db.svcLeadEvent.findMany({
    where: {
      lead: { isNot: null },
      AND: [
        since === undefined ? {} : { at: { gte: since } },
        // The redundant `at >= after.at` lets the (at, id) index start where the last page ended.
        after === null ? {} : { at: { gte: after.at }, OR: [{ at: { gt: after.at } }, { at: after.at, id: { gt: after.id } }] },
      ],
    },
    select: { ...EVENT_FIELDS, id: true, lead: { select: { id: true, ref: true, source: true, campaign: true, status: true, rtContactId: true } } },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
    take,
  })
  const rows = events.map(({ lead, id: _id, ...event }) => ({
    lead_id: lead!.id,
    lead_ref: lead!.ref,
    source: lead!.source,
    campaign: lead!.campaign,
    status: lead!.status,
    rt_contact_id: lead!.rtContactId,
    ...toLeadEventRecord(event),
  }))
  return { rows, keys: events.map(event => ({ at: event.at, id: event.id })) }
}
