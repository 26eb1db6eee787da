import { createHmac, randomBytes } from 'node:crypto'

const WHSEC = 'whsec_'

/** A new webhook secret: `whsec_` + base64 of 32 random bytes (the Standard Webhooks form). */
export function generateWebhookSecret (): string {
  return WHSEC + randomBytes(32).toString('base64')
}

/** The HMAC key of a secret: the decoded bytes of a `whsec_` secret, the UTF-8 bytes of any other. */
function hmacKey (secret: string): Buffer {
  return secret.startsWith(WHSEC) ? Buffer.from(secret.slice(WHSEC.length), 'base64') : Buffer.from(secret, 'utf8')
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export function standardSignature (secret: string, id: string, timestampSeconds: number | string, body: Buffer | string): string {
  const mac = createHmac('sha256', hmacKey(secret)).update(`${id}.${timestampSeconds}.`).update(body).digest('base64')
  return `v1,${mac}`
}

/**
 * The custom header scheme: `sha256=<hex HMAC-SHA256 of "id.timestamp.body">`, the id and timestamp
 * sent as `webhook-id` and `webhook-timestamp` as in Standard mode, so a captured delivery cannot be
 * replayed outside the tolerance window nor under another id.
 */
export function customSignature (secret: string, id: string, timestampSeconds: number | string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', hmacKey(secret)).update(`${id}.${timestampSeconds}.`).update(body).digest('hex')}`
}

/** Headers that sign a Standard Webhooks delivery. */
export function standardWebhookHeaders (secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000)
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': standardSignature(secret, id, timestamp, body) }
}
