import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { appendLeadEvent } from '../append-event.ts'
import { leadIdParam } from '../shape.ts'

export const linkRtContact = defineOperation({
  summary: "Store the external contact system's id for a lead (called by the reconcile after matching on phone or email).",
  description: 'Appends a contact_linked event. Linking the id the lead already has changes nothing.',
  idempotent: true,
  examples: [{
    title: "Store the contact system's id for a lead",
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'linus@example.com' }, as: 'lead' }],
    params: { id: '{{lead.id}}', rt_contact_id: 'contact-4711' },
  }],
  params: z.object({
    id: leadIdParam,
    rt_contact_id: z.string().trim().min(1, 'must not be empty').max(200).describe("The contact's id in the external contact system."),
  }),
  returns: z.object({ id: z.number().int(), rt_contact_id: z.string() }),
  async handler ({ id, rt_contact_id }, { db, now }) {
    const current = await db.svcLead.findUnique({ where: { id }, select: { rtContactId: true } })
    if (!current) throw notFound(`lead ${id} does not exist`)
    if (current.rtContactId === rt_contact_id) return { data: { id, rt_contact_id }, changed: false }
    await appendLeadEvent(db, {
      leadId: id,
      at: now(),
      build: lead => ({ type: 'contact_linked', data: { rt_contact_id, previous: lead.rtContactId }, change: { rtContactId: rt_contact_id } }),
    })
    return { data: { id, rt_contact_id }, changed: true }
  },
})
