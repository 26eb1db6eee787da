import type { OperationContext } from '../../kernel/registry/operation-context.ts'
import { DeliveryError } from '../../platform/outgoing-http/http-client.ts'
import { pushContactStatus } from './contact-push.ts'

/** The caller waits for this push, so it gets less time than an outbox delivery. */
const PUSH_TIMEOUT_MS = 5_000

const CONTACT_PUSH_AUDIT_OPERATION = 'leads.contact_push'

const reasonOf = (error: unknown) => error instanceof DeliveryError ? error.message : `unexpected ${(error as Error)?.name ?? 'error'}`

/**
 * One attempt to move a deleted lead's contact to `lost`. Never throws: the delete has committed,
 * so the outcome is reported and written to the audit log beside the delete's own entry instead.
 */
export async function pushLostContact (
  context: Pick<OperationContext, 'db' | 'options' | 'secrets' | 'hooks' | 'now' | 'identity' | 'channel' | 'auditSideCall' | 'traceparent'>,
  lead: { id: number, ref: string, rtContactId: string },
): Promise<'sent' | 'failed'> {
  const started = performance.now()
  let failure: string | null = null
  try {
    await pushContactStatus(context, {
      rt_contact_id: lead.rtContactId,
      lead_ref: lead.ref,
      status: 'lost',
      changed_at: context.now().toISOString(),
      idempotency_key: `${lead.ref}:lost`,
      ...(context.traceparent === undefined ? {} : { traceparent: context.traceparent }),
    }, PUSH_TIMEOUT_MS)
  } catch (error) {
    failure = reasonOf(error)
  }
  await context.auditSideCall({
    operation: CONTACT_PUSH_AUDIT_OPERATION,
    channel: context.channel,
    identity: context.identity,
    ok: failure === null,
    changed: false,
    code: failure === null ? null : 'delivery_failed',
    durationMs: performance.now() - started,
    params: { lead_id: lead.id, lead_ref: lead.ref, rt_contact_id: lead.rtContactId, status: 'lost', ...(failure === null ? {} : { error: failure }) },
  })
  return failure === null ? 'sent' : 'failed'
}
