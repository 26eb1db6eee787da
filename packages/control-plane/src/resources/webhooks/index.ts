import { defineResource } from '../../kernel/define-resource.ts'
import { createWebhook } from './operations/create.ts'
import { deleteWebhook } from './operations/delete.ts'
import { webhookDeliveryStats } from './operations/delivery-stats.ts'
import { getWebhook } from './operations/get.ts'
import { listWebhookDeliveries } from './operations/list-deliveries.ts'
import { listWebhooks } from './operations/list.ts'
import { redeliverWebhook } from './operations/redeliver.ts'
import { rotateWebhookSecret } from './operations/rotate-secret.ts'
import { testWebhook } from './operations/test.ts'
import { updateWebhook } from './operations/update.ts'
import { webhookDelivery } from './deliver.ts'
import { webhookTest } from './events.ts'
import { PREVIOUS_SIGNING_SECRET, SIGNING_SECRET } from './signing-secrets.ts'
import { webhookRetention } from './retention.ts'
import { webhookSubscriptionModel } from './subscription-model.ts'
import { webhookDeliveryModel } from './delivery-model.ts'

/**
 * Subscriptions to the control plane's outbound events: signed deliveries (Standard Webhooks)
 * through the outbox. Locked on: switching it off would silently drop what automation waits for;
 * a subscription is paused with `enabled: false` instead.
 */
export const webhooksResource = defineResource({
  name: 'webhooks',
  module: 'locked',
  sealedColumns: [SIGNING_SECRET, PREVIOUS_SIGNING_SECRET],
  models: [webhookSubscriptionModel, webhookDeliveryModel],
  operations: {
    create: createWebhook,
    delete: deleteWebhook,
    delivery_stats: webhookDeliveryStats,
    get: getWebhook,
    list_deliveries: listWebhookDeliveries,
    list: listWebhooks,
    redeliver: redeliverWebhook,
    rotate_secret: rotateWebhookSecret,
    test: testWebhook,
    update: updateWebhook,
  },
  outboxTopics: [webhookDelivery],
  events: [webhookTest],
  retention: webhookRetention,
  statusCounters: [
    { key: 'webhooks', count: db => db.svcWebhookSubscription.count() },
    { key: 'webhooks_disabled', count: db => db.svcWebhookSubscription.count({ where: { disabledReason: { not: null } } }) },
  ],
  adminPages: [{ path: '/control-plane/webhooks', label: 'Webhooks', title: 'Webhooks', requires: ['webhooks.list', 'webhooks.delivery_stats'] }],
})
