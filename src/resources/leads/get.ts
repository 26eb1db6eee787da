import { z } from 'zod'
import { defineOperation } from '../../registry/define-operation.ts'
import { verifyChain } from './chain.ts'
import { chainReport, findLeadWithEvents, leadEventRecord, leadIdParam, toLeadEventRecord } from './shape.ts'

export const getLead = defineOperation({
  resource: 'leads',
  action: 'get',
  summary: 'Read one lead with its event timeline, and verify its chain.',
  readonly: true,
  params: z.object({ id: leadIdParam }),
  returns: z.object({
    id: z.number().int(),
    ref: z.string(),
    source: z.string(),
    campaign: z.string().nullable(),
    status: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    name: z.string().nullable(),
    rt_contact_id: z.string().nullable(),
    attribution: z.unknown(),
    data: z.unknown(),
    first_seen: z.string(),
    event_count: z.number().int(),
    events: z.array(leadEventRecord),
    chain: chainReport,
  }),
  async handler ({ id }, { db }) {
    const lead = await findLeadWithEvents(db, id)
    return {
      data: {
        id: lead.id,
        ref: lead.ref,
        source: lead.source,
        campaign: lead.campaign,
        status: lead.status,
        email: lead.email,
        phone: lead.phone,
        name: lead.name,
        rt_contact_id: lead.rtContactId,
        attribution: lead.attribution ?? {},
        data: lead.data ?? {},
        first_seen: lead.firstSeen.toISOString(),
        event_count: lead.eventCount,
        events: lead.events.map(toLeadEventRecord),
        chain: verifyChain(lead, lead.events),
      },
      changed: false,
    }
  },
})
