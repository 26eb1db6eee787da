import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { generateSigningSecret } from '../../../platform/events/sign.ts'
import { SUBSCRIPTION_FIELDS, subscriptionRecord, subscriptionWritableParams, toSubscriptionRecord } from '../shape.ts'
import { assertKnownEventTypes } from '../event-types.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'
import { SIGNING_SECRET } from '../signing-secrets.ts'
import { assertMaySubscribe, assertPatternsWithinReach, reachOf } from '../reach.ts'

export const createWebhook = defineOperation({
  summary: 'Subscribe a URL to event types; the signing secret is returned once.',
  description: 'Deliveries are POSTed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature), ' +
    'signed with `secret` (`whsec_…`). The secret is never shown again; rotate_secret makes a new one. ' +
    'Event types are limited to those of resources the caller may read (its role and its key\'s scopes); ' +
    'deliveries stop for types the key no longer reaches (revoked, expired, or its owner demoted). Not through an OAuth grant.',
  examples: [{ title: 'Receive every lead event', params: { url: 'https://hooks.example.com/leads', event_types: ['lead.*'], description: 'Lead intake workflow' } }],
  params: z.object(subscriptionWritableParams),
  returns: subscriptionRecord.extend({ secret: z.string().describe('The signing secret, shown this once.') }),
  async handler (params, { db, options, secrets, now, eventTypes, identity, readableEventTypes }) {
    assertMaySubscribe(identity)
    assertAllowedDestination(options.outbound, params.url, 'url')
    const types = assertKnownEventTypes(params.event_types, eventTypes)
    assertPatternsWithinReach(types, eventTypes, readableEventTypes())
    const secret = generateSigningSecret()
    const subscriptionId = `wh_${randomBytes(12).toString('hex')}`
    const row = await db.svcWebhookSubscription.create({
      data: {
        subscriptionId,
        url: params.url,
        eventTypes: types,
        enabled: params.enabled ?? true,
        description: params.description ?? '',
        secretCiphertext: secrets.seal(secret, bindTo(SIGNING_SECRET, subscriptionId)),
        ...reachOf(identity),
        createdAt: now(),
      },
      select: SUBSCRIPTION_FIELDS,
    })
    return { data: { ...toSubscriptionRecord(row, now()), secret }, changed: true }
  },
})
