import { z } from 'zod'
import type { OperationContext } from '../../kernel/registry/operation-context.ts'
import { enqueueOutbox } from '../../platform/outbox/enqueue.ts'
import { appendLeadEvent } from './append-event.ts'
import { emitEvent, eventMetaOf } from '../../platform/events/emit.ts'
import { leadStatusChanged } from './events.ts'
import { contactStatusMessage } from './contact-push.ts'
import { contactStatusOf, leadStatusLabel, leadStatusParam, type LeadStatus, type StatusOrigin } from './statuses.ts'
import { leadIdParam } from './shape.ts'

export const statusChangeParams = z.object({ id: leadIdParam, status: leadStatusParam })

export const statusChangeResult = z.object({ id: z.number().int(), status: z.string(), label: z.string() })

/**
 * Sets a lead's status and records it as `status_changed` with its origin. Every call is
 * recorded, a repeat of the current status too, since the ledger keeps what was asserted and when.
 * A local change is queued for the external contact system in the same transaction;
 * an inbound one came from there and is never sent back.
 */
export async function changeLeadStatus (
  context: Pick<OperationContext, 'db' | 'now' | 'kickOutbox'> & Partial<Pick<OperationContext, 'identity' | 'requestId' | 'traceparent'>>,
  { id, status }: { id: number, status: LeadStatus },
  origin: StatusOrigin,
) {
  const { db, now, kickOutbox } = context
  const at = now()
  await appendLeadEvent(db, {
    leadId: id,
    at,
    build: lead => ({ type: 'status_changed', data: { from: lead.status, to: status, origin }, change: { status } }),
    alongside: async (tx, lead, event) => {
      await emitEvent(tx, leadStatusChanged, { id, ref: lead.ref, from: lead.status, to: status, origin }, { ...eventMetaOf(context), at })
      if (origin !== 'local' || !lead.rtContactId) return
      await enqueueOutbox(tx, contactStatusMessage({
        rt_contact_id: lead.rtContactId,
        lead_ref: lead.ref,
        status: contactStatusOf(status),
        changed_at: at.toISOString(),
        idempotency_key: event.hash,
        ...(context.traceparent === undefined ? {} : { traceparent: context.traceparent }),
      }), at)
    },
  })
  kickOutbox()
  return { data: { id, status, label: leadStatusLabel(status) }, changed: true }
}
