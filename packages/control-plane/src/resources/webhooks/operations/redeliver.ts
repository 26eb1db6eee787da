import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { conflict, forbidden, notFound } from '../../../platform/errors/errors.ts'
import { enqueueOutbox } from '../../../platform/outbox/enqueue.ts'
import { WEBHOOK_TOPIC, webhookOrderingKey } from '../../../platform/events/webhook-topic.ts'
import { findSubscription, subscriptionIdParam } from '../shape.ts'
import { subscriptionCovers } from '../covers-event.ts'

export const redeliverWebhook = defineOperation({
  summary: 'Queue an event again for one subscription, behind what is already queued for it.',
  description: 'The event keeps its id, so a receiver that already has it can recognise the repeat. Only an event the subscription\'s ' +
    'event types cover (or a webhook.test sent to it) is sent again, and only while its credential may still read it.',
  examples: [{
    title: 'Resend an event',
    setup: [
      { operation: 'webhooks.create', params: { url: 'https://hooks.example.com/resend', event_types: ['lead.*'] }, as: 'webhook' },
      { operation: 'webhooks.test', params: { id: '{{webhook.id}}' }, as: 'sent' },
    ],
    params: { id: '{{webhook.id}}', event_id: '{{sent.event_id}}' },
  }],
  params: z.object({ id: subscriptionIdParam, event_id: z.string().min(1).max(100).describe('The event to send again (an id from list_deliveries).') }),
  returns: z.object({ id: z.string(), event_id: z.string(), queued: z.literal(true) }),
  async handler ({ id, event_id: eventId }, { db, now, kickOutbox }) {
    const subscription = await findSubscription(db, id)
    if (!subscription.enabled) throw conflict(`webhook subscription ${id} is disabled; enable it with webhooks.update first`)
    const event = await db.svcEvent.findUnique({ where: { eventId }, select: { type: true, data: true } })
    if (!event) throw notFound(`event ${eventId} does not exist`)
    if (!subscriptionCovers(subscription, event)) throw forbidden(`event ${eventId} is a ${event.type}, which webhook subscription ${id} does not cover`)
    await enqueueOutbox(db, { topic: WEBHOOK_TOPIC, orderingKey: webhookOrderingKey(id), payload: { subscription_id: id, event_id: eventId } }, now())
    kickOutbox()
    return { data: { id, event_id: eventId, queued: true as const }, changed: true }
  },
})
