import type { OutboxTopic } from '../../../kernel/outbox-topic.ts'
import type { SecretBox } from '../../../platform/secrets/secret-box.ts'
import { DeliveryError, postJson } from '../../../platform/outgoing-http/http-client.ts'
import { standardWebhookHeaders } from '../webhook-signature.ts'
import type { SourceRow } from '../columns.ts'
import { FORWARD_TOPIC, forwardPayload } from './forward-message.ts'
import { FORWARD_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

/** Authentication headers for one attempt, signed now with the secret as it is stored now. */
function forwardHeaders (source: SourceRow, secrets: SecretBox, forwardId: string, now: Date, body: string): Record<string, string> {
  if (source.forwardAuthMode === 'none') return {}
  if (!source.forwardSecretCiphertext) throw new DeliveryError(`content source ${source.slug} has no forward_secret for forward_auth_mode ${source.forwardAuthMode}`)
  const secret = secrets.open(source.forwardSecretCiphertext, bindTo(FORWARD_SECRET, source.slug))
  if (source.forwardAuthMode === 'bearer') return { authorization: `Bearer ${secret}` }
  return standardWebhookHeaders(secret, forwardId, now, body)
}

/**
 * Delivers a forwarded post to the source's current forward_url. A source deleted or no longer
 * forwarding since has nothing to deliver, so the message is done.
 */
export const forwardTopic: OutboxTopic = {
  topic: FORWARD_TOPIC,
  async deliver (payload, { db, secrets, options }) {
    const message = forwardPayload.parse(payload)
    const source = await db.svcContentSource.findUnique({ where: { id: message.source_id } })
    if (!source?.forwardEnabled || !source.forwardUrl) return
    const body = JSON.stringify(message.body)
    await postJson(options.outbound, source.forwardUrl, body, { headers: forwardHeaders(source, secrets, message.forward_id, options.now(), body) })
  },
}
