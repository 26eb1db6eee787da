import { randomHex } from '../lib/random-hex.ts'
import type { Db, Tx } from '../db/client.ts'
import type { Identity } from '../auth/identity.ts'
import { enqueueOutbox } from '../outbox/enqueue.ts'
import { internal } from '../errors/errors.ts'
import type { EventDeclaration } from './define-event.ts'
import { matchesAny } from './event-pattern.ts'
import { WEBHOOK_TOPIC, webhookOrderingKey } from './webhook-topic.ts'
import type { z } from 'zod'
import { jsonColumn } from '../lib/json-value.ts'

/** Who caused an event: an account, through one of its API keys or its session; null for the public (a form post, an inbound webhook). */
export type EventActor = { account_id: string, key_id: string | null } | null

export type EventMeta = {
  actor: EventActor
  /** The id of the request that caused it, when one did. */
  requestId?: string | null
  /** The `traceparent` of the call that caused it, sent on its webhook deliveries. */
  traceparent?: string | null
  at: Date
}

export const actorOf = (identity: Identity): EventActor => ({ account_id: identity.account.id, key_id: identity.keyId })

/** What an operation's context knows about the cause of its events. */
export const eventMetaOf = (context: { identity?: Identity, now: () => Date, requestId?: string | undefined, traceparent?: string | undefined }): EventMeta =>
  ({ actor: context.identity ? actorOf(context.identity) : null, requestId: context.requestId ?? null, traceparent: context.traceparent ?? null, at: context.now() })

export const newEventId = () => `evt_${randomHex(16)}`

/**
 * Records an event and queues it for every enabled subscription whose patterns cover its type.
 * Pass the transaction that makes the change: the event commits with it or not at all. `data`
 * passes the declaration's schema, which drops every key it does not declare, so only the public
 * shape leaves the site.
 */
export async function emitEvent<Data extends z.ZodObject> (
  tx: Db | Tx,
  declaration: EventDeclaration<Data>,
  data: z.input<Data>,
  meta: EventMeta,
): Promise<string> {
  const parsed = declaration.data.safeParse(data)
  if (!parsed.success) throw internal(new Error(`event ${declaration.type} has data outside its schema: ${parsed.error.message}`))
  const eventId = newEventId()
  await tx.svcEvent.create({
    data: { eventId, type: declaration.type, occurredAt: meta.at, actor: jsonColumn(meta.actor), requestId: meta.requestId ?? null, traceparent: meta.traceparent ?? null, data: jsonColumn(parsed.data) },
    select: { id: true },
  })
  const subscriptions = await tx.svcWebhookSubscription.findMany({ where: { enabled: true }, select: { subscriptionId: true, eventTypes: true }, orderBy: { id: 'asc' } })
  for (const subscription of subscriptions) {
    if (!matchesAny(subscription.eventTypes as string[], declaration.type)) continue
    await enqueueOutbox(tx, {
      topic: WEBHOOK_TOPIC,
      orderingKey: webhookOrderingKey(subscription.subscriptionId),
      payload: { subscription_id: subscription.subscriptionId, event_id: eventId },
    }, meta.at)
  }
  return eventId
}

/**
 * Runs a change and emits its event in one transaction: `dataOf` reads the event's data from what
 * the change returned. For changes that were single statements before they had an event.
 */
export async function withEvent<Result, Data extends z.ZodObject> (
  db: Db,
  change: (tx: Tx) => Promise<Result>,
  declaration: EventDeclaration<Data>,
  dataOf: (result: Result) => z.input<Data>,
  meta: EventMeta,
): Promise<Result> {
  return db.$transaction(async tx => {
    const result = await change(tx)
    await emitEvent(tx, declaration, dataOf(result), meta)
    return result
  })
}
