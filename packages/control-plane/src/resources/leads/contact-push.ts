import { leadsSettings } from './resource-settings.ts'
import { z } from 'zod'
import type { OutboxDeps, OutboxTopic } from '../../kernel/outbox-topic.ts'
import type { OutboxMessage } from '../../platform/outbox/enqueue.ts'
import { DeliveryError, postJson } from '../../platform/outgoing-http/http-client.ts'
import { formatSlot, slotNumber } from '../../platform/db/slots.ts'
import { siteVariable } from '../../kernel/hooks/site-variable.ts'
import { crmConnection } from '../../kernel/hooks/crm-connection.ts'

export const CONTACT_STATUS_TOPIC = 'leads.contact_status'

/**
 * One status for the external contact system. No secret travels with it: the CRM slot's key is
 * looked up and decrypted at delivery, so a rotated key applies to messages already queued.
 */
const contactStatusPush = z.object({
  rt_contact_id: z.string().min(1),
  lead_ref: z.string(),
  status: z.string(),
  changed_at: z.string(),
  /** Sent as `Idempotency-Key`, so a retried delivery can be recognised by the receiver. */
  idempotency_key: z.string(),
  /** The W3C `traceparent` of the call that caused the push, sent as the header of that name. */
  traceparent: z.string().optional(),
})

export type ContactStatusPush = z.output<typeof contactStatusPush>

/** Pushes for one contact are delivered in the order they were made. */
export const contactStatusMessage = (push: ContactStatusPush): OutboxMessage => ({
  topic: CONTACT_STATUS_TOPIC,
  orderingKey: contactOrderingKey(push.rt_contact_id),
  payload: push,
})

export const contactOrderingKey = (rtContactId: string) => `leads.contact:${rtContactId}`

/** The CRM slot the contact system is reached through; the one place a site-level override belongs. */
const CONTACT_CRM_VARIABLE = 'leads.contact_crm_num'

/**
 * The site variable `leads.contact_crm_num` (a slot number, as a number or a string such as
 * "003") when set, else the `leadsContactCrmNum` option. Read at delivery, so a change applies
 * to pushes already waiting.
 */
async function contactCrmSlot (deps: OutboxDeps): Promise<number | null> {
  const variable = await deps.hooks.get(siteVariable)?.(deps.db, CONTACT_CRM_VARIABLE)
  if (variable === undefined || variable === null || variable === '') return leadsSettings.of(deps.options).contactCrmNum
  const parsed = slotNumber.safeParse(typeof variable === 'number' ? String(variable) : variable)
  if (!parsed.success) throw new DeliveryError(`the variable ${CONTACT_CRM_VARIABLE} is not a slot number`)
  return parsed.data
}

/**
 * `POST {crm url}/contacts/{rt_contact_id}/status` with `Authorization: Bearer {crm api_key}` and
 * the body `{status, lead_ref, changed_at}`. Throws a DeliveryError (retried by the outbox) when
 * the contact system is not configured or does not answer 2xx.
 */
export async function pushContactStatus (deps: OutboxDeps, push: ContactStatusPush, timeoutMs?: number): Promise<void> {
  const slot = await contactCrmSlot(deps)
  if (slot === null) throw new DeliveryError('no contact CRM is configured (leadsContactCrmNum)')
  const connect = deps.hooks.get(crmConnection)
  if (!connect) throw new DeliveryError('the crm resource is not installed: no contact CRM can be reached')
  const crm = await connect(deps, slot)
  if (!crm) throw new DeliveryError(`the contact CRM slot ${formatSlot(slot)} is empty`)
  if (!crm.url) throw new DeliveryError(`the contact CRM slot ${formatSlot(slot)} has no url`)
  if (!crm.apiKey) throw new DeliveryError(`the contact CRM slot ${formatSlot(slot)} has no api_key`)
  const url = `${crm.url.replace(/\/+$/, '')}/contacts/${encodeURIComponent(push.rt_contact_id)}/status`
  const body = JSON.stringify({ status: push.status, lead_ref: push.lead_ref, changed_at: push.changed_at })
  await postJson(deps.options.outbound, url, body, {
    headers: {
      authorization: `Bearer ${crm.apiKey}`,
      'idempotency-key': push.idempotency_key,
      ...(push.traceparent === undefined ? {} : { traceparent: push.traceparent }),
    },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  })
}

export const contactStatusTopic: OutboxTopic = {
  topic: CONTACT_STATUS_TOPIC,
  deliver: (payload, deps) => pushContactStatus(deps, contactStatusPush.parse(payload)),
}
