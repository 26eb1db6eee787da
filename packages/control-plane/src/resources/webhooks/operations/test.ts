import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { actorOf, newEventId } from '../../../platform/events/emit.ts'
import { findSubscription, subscriptionIdParam } from '../shape.ts'
import { sendEvent } from '../send-event.ts'
import { webhookTest } from '../events.ts'
import { jsonColumn } from '../../../platform/lib/json-value.ts'

export const testWebhook = defineOperation({
  summary: 'Send a signed webhook.test event to one subscription now and report what its receiver answered.',
  description: 'Sent at once, outside the queue and whether or not the subscription is enabled; recorded in its deliveries. ' +
    'A receiver that fails is reported in the data (delivered false), not as an error.',
  openWorld: true,
  examples: [{
    title: 'Send a test event',
    setup: [{ operation: 'webhooks.create', params: { url: 'https://hooks.example.com/test', event_types: ['lead.*'] }, as: 'webhook' }],
    params: { id: '{{webhook.id}}' },
  }],
  notPreviewable: 'it calls the subscription\'s URL while it runs',
  params: z.object({ id: subscriptionIdParam }),
  returns: z.object({
    event_id: z.string(),
    delivered: z.boolean(),
    http_status: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
  }),
  async handler ({ id }, context) {
    const { db, now, identity } = context
    await findSubscription(db, id)
    const subscription = await db.svcWebhookSubscription.findUniqueOrThrow({ where: { subscriptionId: id } })
    const event = {
      id: newEventId(),
      type: webhookTest.type,
      occurred_at: now().toISOString(),
      actor: actorOf(identity),
      request_id: context.requestId ?? null,
      data: webhookTest.data.parse({ subscription_id: id, message: 'This is a test event from the control plane.' }),
    }
    // Stored like any event, so redeliver can send it again.
    await db.svcEvent.create({
      data: { eventId: event.id, type: event.type, occurredAt: now(), actor: jsonColumn(event.actor), requestId: event.request_id, traceparent: context.traceparent ?? null, data: jsonColumn(event.data) },
      select: { id: true },
    })
    const result = await sendEvent(context, subscription, event, 1, context.traceparent ?? null)
    return {
      data: { event_id: event.id, delivered: result.ok, http_status: result.httpStatus, duration_ms: result.durationMs, error: result.error },
      changed: false,
    }
  },
})
