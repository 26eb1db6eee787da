import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { findSubscription, subscriptionIdParam, subscriptionRecord, toSubscriptionRecord } from '../shape.ts'

const SETUP = [{ operation: 'webhooks.create', params: { url: 'https://hooks.example.com/any', event_types: ['lead.captured'] }, as: 'webhook' }]

export const getWebhook = defineOperation({
  summary: 'Read one webhook subscription, with why it was disabled if it was.',
  readonly: true,
  examples: [{ title: 'Read a subscription', setup: SETUP, params: { id: '{{webhook.id}}' } }],
  params: z.object({ id: subscriptionIdParam }),
  returns: subscriptionRecord,
  async handler ({ id }, { db, now }) {
    return { data: toSubscriptionRecord(await findSubscription(db, id), now()), changed: false }
  },
})
