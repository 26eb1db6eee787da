import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { verifyChain } from '../chain.ts'
import { chainReport, findLeadWithEvents, leadIdParam } from '../shape.ts'

export const verifyLead = defineOperation({
  summary: "Recompute a lead's event chain and report the first event that does not match.",
  description: 'Each event hash is SHA-256 of the previous hash followed by the RFC 8785 canonical JSON of {lead, seq, type, at, data}; ' +
    "the lead's stored event count and head hash catch a removed tail.",
  readonly: true,
  examples: [{
    title: "Check a lead's integrity chain",
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'dorothy@example.com' }, as: 'lead' }],
    params: { id: '{{lead.id}}' },
  }],
  params: z.object({ id: leadIdParam }),
  returns: z.object({ id: z.number().int(), chain: chainReport }),
  async handler ({ id }, { db }) {
    const lead = await findLeadWithEvents(db, id)
    return { data: { id, chain: verifyChain(lead, lead.events) }, changed: false }
  },
})
