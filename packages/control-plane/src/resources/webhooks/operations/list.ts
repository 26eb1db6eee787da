import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { SUBSCRIPTION_FIELDS, subscriptionRecord, toSubscriptionRecord } from '../shape.ts'

export const listWebhooks = defineOperation({
  summary: 'List webhook subscriptions, oldest first. Secrets are never shown.',
  readonly: true,
  examples: [{ title: 'List webhook subscriptions', params: {} }],
  params: z.object({}),
  returns: z.object({ webhooks: z.array(subscriptionRecord) }),
  async handler (_params, { db, now }) {
    const rows = await db.svcWebhookSubscription.findMany({ select: SUBSCRIPTION_FIELDS, orderBy: { id: 'asc' } })
    const at = now()
    return { data: { webhooks: rows.map(row => toSubscriptionRecord(row, at)) }, changed: false }
  },
})
