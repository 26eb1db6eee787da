import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { sinceParam } from '../../../lib/since.ts'
import { EVENT_FIELDS, leadEventRecord, toLeadEventRecord } from '../shape.ts'

const ledgerRow = leadEventRecord.extend({
  lead_id: z.number().int(),
  lead_ref: z.string(),
  source: z.string(),
  campaign: z.string().nullable(),
  status: z.string().describe("The lead's current status."),
  rt_contact_id: z.string().nullable(),
})

export const exportLeads = defineOperation({
  resource: 'leads',
  action: 'export',
  summary: 'Export the lead ledger: one row per event, joined with its lead, oldest first.',
  readonly: true,
  examples: [{ title: 'Every lead event since the start of 2024', params: { since: '2024-01-01' } }],
  params: z.object({ since: sinceParam.optional().describe('Only events at or after this time: RFC 3339 date-time or YYYY-MM-DD.') }),
  returns: z.object({ rows: z.array(ledgerRow), count: z.number().int() }),
  async handler ({ since }, { db }) {
    const events = await db.svcLeadEvent.findMany({
      where: { lead: { isNot: null }, ...(since === undefined ? {} : { at: { gte: since } }) },
      select: { ...EVENT_FIELDS, lead: { select: { id: true, ref: true, source: true, campaign: true, status: true, rtContactId: true } } },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
    })
    const rows = events.map(({ lead, ...event }) => ({
      lead_id: lead!.id,
      lead_ref: lead!.ref,
      source: lead!.source,
      campaign: lead!.campaign,
      status: lead!.status,
      rt_contact_id: lead!.rtContactId,
      ...toLeadEventRecord(event),
    }))
    return { data: { rows, count: rows.length }, changed: false }
  },
})
