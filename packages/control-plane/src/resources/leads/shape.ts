import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import { notFound } from '../../platform/errors/errors.ts'
import type { StoredEvent } from './chain.ts'
import { rowIdParam } from '../../platform/db/row-id.ts'

export const leadIdParam = rowIdParam.describe('The lead id.')

export const chainReport = z.object({
  ok: z.boolean(),
  count: z.number().int().describe('Events stored for the lead.'),
  broken_at: z.number().int().nullable().describe('1-based position of the first event that does not match; null when ok.'),
})

export const leadEventRecord = z.object({
  seq: z.number().int(),
  type: z.string(),
  at: z.string(),
  data: z.unknown(),
  prev_hash: z.string(),
  hash: z.string(),
})

export const toLeadEventRecord = (event: StoredEvent): z.input<typeof leadEventRecord> => ({
  seq: event.seq, type: event.type, at: event.at.toISOString(), data: event.data, prev_hash: event.prevHash, hash: event.hash,
})

export const EVENT_FIELDS = { seq: true, type: true, at: true, data: true, prevHash: true, hash: true } as const

const LEAD_FIELDS = {
  id: true, ref: true, source: true, campaign: true, status: true, email: true, phone: true, name: true,
  attribution: true, data: true, rtContactId: true, eventCount: true, headHash: true, firstSeen: true,
} as const

/** A lead with its events in chain order, in one round trip. */
export async function findLeadWithEvents (db: Db, id: number) {
  const lead = await db.svcLead.findUnique({
    where: { id },
    select: { ...LEAD_FIELDS, events: { select: EVENT_FIELDS, orderBy: [{ seq: 'asc' }, { id: 'asc' }] } },
  })
  if (!lead) throw notFound(`lead ${id} does not exist`)
  return lead
}

export const LIST_ROW_FIELDS = { id: true, ref: true, source: true, campaign: true, status: true, eventCount: true, firstSeen: true } as const

export const leadListRow = z.object({
  id: z.number().int(),
  ref: z.string(),
  source: z.string(),
  campaign: z.string().nullable(),
  status: z.string(),
  event_count: z.number().int(),
  first_seen: z.string(),
})

type ListRow = { id: number, ref: string, source: string, campaign: string | null, status: string, eventCount: number, firstSeen: Date }

export const toLeadListRow = (row: ListRow): z.input<typeof leadListRow> => ({
  id: row.id, ref: row.ref, source: row.source, campaign: row.campaign, status: row.status, event_count: row.eventCount, first_seen: row.firstSeen.toISOString(),
})
