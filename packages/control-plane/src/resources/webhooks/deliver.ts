import { z } from 'zod'
import type { OutboxTopic } from '../../kernel/outbox-topic.ts'
import { OutboxGiveUp } from '../../platform/outbox/give-up.ts'
import { WEBHOOK_TOPIC } from '../../platform/events/webhook-topic.ts'
import { toEventBody } from '../../platform/events/event-body.ts'
import { sendEvent } from './send-event.ts'

/** Deliveries that keep failing for longer than this disable their subscription. */
const FAILURE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000

const payloadSchema = z.object({ subscription_id: z.string(), event_id: z.string() })

/**
 * Delivers one event to one subscription. Retries follow the topic's schedule (5 s doubling up to
 * 6 h, which spans about three days); once a subscription has failed for longer than the window it
 * is disabled with the reason, and what is queued for it is given up.
 */
export const webhookDelivery: OutboxTopic = {
  topic: WEBHOOK_TOPIC,
  retry: { baseMs: 5000, maxMs: 6 * 60 * 60 * 1000, maxAttempts: 1000 },
  async deliver (payload, deps, message) {
    const { db, options } = deps
    const { subscription_id: subscriptionId, event_id: eventId } = payloadSchema.parse(payload)
    const subscription = await db.svcWebhookSubscription.findUnique({ where: { subscriptionId } })
    if (!subscription) throw new OutboxGiveUp(`webhook subscription ${subscriptionId} was deleted`)
    if (!subscription.enabled) throw new OutboxGiveUp(`webhook subscription ${subscriptionId} is disabled`)
    const event = await db.svcEvent.findUnique({ where: { eventId } })
    if (!event) throw new OutboxGiveUp(`event ${eventId} no longer exists`)
    const reach = await deps.eventReach({ keyId: subscription.reachKeyId, accountId: subscription.reachAccountId })
    if (reach && !reach.has(event.type)) {
      throw new OutboxGiveUp(`${event.type} is beyond what the credential behind webhook subscription ${subscriptionId} may read now (revoked, expired or narrowed)`)
    }
    const result = await sendEvent(deps, subscription, toEventBody(event), (message?.attempts ?? 0) + 1, event.traceparent)
    const at = options.now()
    if (result.ok) {
      if (subscription.failingSince) await db.svcWebhookSubscription.updateMany({ where: { subscriptionId }, data: { failingSince: null } })
      return
    }
    const failingSince = subscription.failingSince ?? at
    if (at.getTime() - failingSince.getTime() >= FAILURE_WINDOW_MS) {
      const reason = `deliveries failed from ${failingSince.toISOString()} to ${at.toISOString()} (last: ${result.error}); enable it again with webhooks.update`
      await db.svcWebhookSubscription.updateMany({ where: { subscriptionId }, data: { enabled: false, disabledReason: reason } })
      throw new OutboxGiveUp(reason)
    }
    if (!subscription.failingSince) await db.svcWebhookSubscription.updateMany({ where: { subscriptionId, failingSince: null }, data: { failingSince: at } })
    throw new Error(result.error ?? 'delivery failed')
  },
}
