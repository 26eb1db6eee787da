import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { generateSigningSecret } from '../../../platform/events/sign.ts'
import { findSubscription, subscriptionIdParam } from '../shape.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'
import { PREVIOUS_SIGNING_SECRET, ROTATION_OVERLAP_MS, SIGNING_SECRET } from '../signing-secrets.ts'

export const rotateWebhookSecret = defineOperation({
  summary: 'Make a new signing secret, returned once; the old one keeps signing beside it for 24 hours.',
  description: 'Until previous_secret_expires_at every delivery carries two signatures, one per secret, so a receiver can switch ' +
    'to the new secret at any moment in that day.',
  examples: [{
    title: 'Rotate a signing secret',
    setup: [{ operation: 'webhooks.create', params: { url: 'https://hooks.example.com/rotate', event_types: ['lead.*'] }, as: 'webhook' }],
    params: { id: '{{webhook.id}}' },
  }],
  params: z.object({ id: subscriptionIdParam }),
  returns: z.object({ id: z.string(), secret: z.string().describe('The new signing secret, shown this once.'), previous_secret_expires_at: z.string() }),
  async handler ({ id }, { db, secrets, now }) {
    await findSubscription(db, id)
    const secret = generateSigningSecret()
    const at = now()
    const expires = new Date(at.getTime() + ROTATION_OVERLAP_MS)
    await db.$transaction(async tx => {
      const current = await tx.svcWebhookSubscription.findUniqueOrThrow({ where: { subscriptionId: id }, select: { secretCiphertext: true } })
      // Each ciphertext is bound to its column, so the outgoing secret is sealed again for the previous one's.
      const previous = secrets.open(current.secretCiphertext, bindTo(SIGNING_SECRET, id))
      await tx.svcWebhookSubscription.update({
        where: { subscriptionId: id },
        data: { secretCiphertext: secrets.seal(secret, bindTo(SIGNING_SECRET, id)), previousSecretCiphertext: secrets.seal(previous, bindTo(PREVIOUS_SIGNING_SECRET, id)), previousSecretExpiresAt: expires, updatedAt: at },
        select: { id: true },
      })
    })
    return { data: { id, secret, previous_secret_expires_at: expires.toISOString() }, changed: true }
  },
})
