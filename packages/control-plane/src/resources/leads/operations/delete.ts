import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import type { OperationContext } from '../../../kernel/registry/operation-context.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { LEAD_TX_OPTIONS } from '../append-event.ts'
import { CONTACT_STATUS_TOPIC, contactOrderingKey } from '../contact-push.ts'
import { pushLostContact } from '../push-lost-contact.ts'
import { leadIdParam } from '../shape.ts'
import { leadDeleted } from '../events.ts'

type DeletedLead = { id: number, ref: string, rtContactId: string | null }

/** Removes the lead and its events; status pushes still queued for its contact are superseded by `lost`. */
async function removeLead (context: Pick<OperationContext, 'db' | 'now' | 'emit'>, id: number): Promise<DeletedLead> {
  const { db, now } = context
  return db.$transaction(async tx => {
    // Writing the lead row first makes an append racing with this delete wait, then find no lead.
    const { count } = await tx.svcLead.updateMany({ where: { id }, data: { updatedAt: now() } })
    if (count === 0) throw notFound(`lead ${id} does not exist`)
    const lead = await tx.svcLead.findUniqueOrThrow({ where: { id }, select: { id: true, ref: true, rtContactId: true } })
    await tx.svcLeadEvent.deleteMany({ where: { leadId: id } })
    await tx.svcLead.delete({ where: { id } })
    if (lead.rtContactId) {
      await tx.svcOutboxMessage.updateMany({
        where: { topic: CONTACT_STATUS_TOPIC, orderingKey: contactOrderingKey(lead.rtContactId), status: 'pending' },
        data: { status: 'cancelled', lastError: `superseded: lead ${lead.ref} was deleted` },
      })
    }
    await context.emit(tx, leadDeleted, { id: lead.id, ref: lead.ref })
    return lead
  }, LEAD_TX_OPTIONS)
}

export const deleteLead = defineOperation({
  summary: 'Delete a lead and its events, then tell the external contact system its contact is lost (best effort).',
  description: 'The push of `lost` happens once, after the delete commits; its outcome (sent or failed, with the reason) is written ' +
    'to the audit log as leads.contact_push and reported in contact_push. A failure never undoes the delete.',
  destructive: true,
  openWorld: true,
  examples: [{
    title: 'Delete a lead and its events',
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'erase.me@example.com' }, as: 'lead' }],
    params: { id: '{{lead.id}}' },
    confirm: true,
  }],
  notPreviewable: 'it tells the contact system while it runs',
  params: z.object({ id: leadIdParam }),
  returns: z.object({
    id: z.number().int(),
    deleted: z.literal(true),
    contact_push: z.enum(['sent', 'failed', 'skipped']).describe('skipped when the lead had no rt_contact_id.'),
  }),
  async handler ({ id }, context) {
    const lead = await removeLead(context, id)
    const contactPush = lead.rtContactId ? await pushLostContact(context, { ...lead, rtContactId: lead.rtContactId }) : 'skipped' as const
    return { data: { id, deleted: true as const, contact_push: contactPush }, changed: true }
  },
})
