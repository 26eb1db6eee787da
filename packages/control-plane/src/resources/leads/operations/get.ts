import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { verifyChain } from '../chain.ts'
import { chainReport, findLeadWithEvents, leadEventRecord, leadIdParam, leadListRow, toLeadEventRecord, toLeadListRow } from '../shape.ts'

export const getLead = defineOperation({
  summary: 'Read one lead with its event timeline, and verify its chain.',
  readonly: true,
  examples: [{
    title: 'Read a lead with its timeline and chain check',
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'grace@example.com' }, as: 'lead' }],
    params: { id: '{{lead.id}}' },
  }],
  params: z.object({ id: leadIdParam }),
  returns: leadListRow.extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    name: z.string().nullable(),
    rt_contact_id: z.string().nullable(),
    attribution: z.unknown(),
    data: z.unknown(),
    events: z.array(leadEventRecord),
    chain: chainReport,
  }),
  async handler ({ id }, { db }) {
    const lead = await findLeadWithEvents(db, id)
    return {
      data: {
        ...toLeadListRow(lead),
        email: lead.email,
        phone: lead.phone,
        name: lead.name,
        rt_contact_id: lead.rtContactId,
        attribution: lead.attribution ?? {},
        data: lead.data ?? {},
        events: lead.events.map(toLeadEventRecord),
        chain: verifyChain(lead, lead.events),
      },
      changed: false,
    }
  },
})
