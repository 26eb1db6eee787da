import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { SUBSCRIPTION_FIELDS, findSubscription, subscriptionIdParam, subscriptionRecord, subscriptionWritableParams, toSubscriptionRecord } from '../shape.ts'
import { assertKnownEventTypes } from '../event-types.ts'
import { assertMaySubscribe, assertPatternsWithinReach, reachOf } from '../reach.ts'

export const updateWebhook = defineOperation({
  summary: 'Change a subscription\'s URL, event types, description, or switch it on or off.',
  description: 'Enabling a subscription the control plane disabled clears disabled_reason; events emitted while it was disabled are not sent (redeliver sends one again). ' +
    'The caller\'s credential becomes the one whose reach bounds the subscription: its event types, new or kept, must be ones the caller may read.',
  idempotent: true,
  examples: [{
    title: 'Pause a subscription',
    setup: [{ operation: 'webhooks.create', params: { url: 'https://hooks.example.com/pause', event_types: ['lead.*'] }, as: 'webhook' }],
    params: { id: '{{webhook.id}}', enabled: false },
  }],
  params: z.object({
    id: subscriptionIdParam,
    url: subscriptionWritableParams.url.optional(),
    event_types: subscriptionWritableParams.event_types.optional(),
    enabled: subscriptionWritableParams.enabled,
    description: subscriptionWritableParams.description,
  }),
  returns: subscriptionRecord,
  async handler ({ id, url, event_types: eventTypes, enabled, description }, context) {
    const { db, options, now, identity } = context
    assertMaySubscribe(identity)
    const current = await findSubscription(db, id)
    if (url !== undefined) assertAllowedDestination(options.outbound, url, 'url')
    const types = eventTypes === undefined ? undefined : assertKnownEventTypes(eventTypes, context.eventTypes)
    // Else a narrow key could point an administrator's `*` subscription at a receiver of its own.
    assertPatternsWithinReach(types ?? current.eventTypes as string[], context.eventTypes, context.readableEventTypes())
    const row = await db.svcWebhookSubscription.update({
      where: { subscriptionId: id },
      data: {
        url,
        eventTypes: types,
        description,
        enabled,
        ...reachOf(identity),
        ...(enabled === true ? { disabledReason: null, failingSince: null } : {}),
        updatedAt: now(),
      },
      select: SUBSCRIPTION_FIELDS,
    })
    return { data: toSubscriptionRecord(row, now()), changed: true }
  },
})
