import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { WEBHOOK_TOPIC, webhookOrderingKey } from '../../../platform/events/webhook-topic.ts'
import { findSubscription, subscriptionIdParam } from '../shape.ts'

export const deleteWebhook = defineOperation({
  summary: 'Delete a subscription, its secrets and its delivery log; deliveries still queued for it are cancelled.',
  destructive: true,
  examples: [{
    title: 'Delete a subscription',
    setup: [{ operation: 'webhooks.create', params: { url: 'https://hooks.example.com/old', event_types: ['*'] }, as: 'webhook' }],
    params: { id: '{{webhook.id}}' },
    confirm: true,
  }],
  params: z.object({ id: subscriptionIdParam, confirm: z.boolean().optional() }),
  returns: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler ({ id }, { db }) {
    await findSubscription(db, id)
    await db.$transaction(async tx => {
      await tx.svcOutboxMessage.updateMany({
        where: { topic: WEBHOOK_TOPIC, orderingKey: webhookOrderingKey(id), status: 'pending' },
        data: { status: 'cancelled', lastError: 'the subscription was deleted' },
      })
      await tx.svcWebhookDelivery.deleteMany({ where: { subscriptionId: id } })
      await tx.svcWebhookSubscription.deleteMany({ where: { subscriptionId: id } })
    })
    return { data: { id, deleted: true as const }, changed: true }
  },
})
