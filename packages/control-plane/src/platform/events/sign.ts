import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

const WHSEC = 'whsec_'

export const generateSigningSecret = () => WHSEC + randomBytes(32).toString('base64')

/**
 * Standard Webhooks headers for one delivery. Several secrets (the new one and, for a day after a
 * rotation, the old one) give several space-separated signatures; a receiver accepts any it can verify.
 */
export function signatureHeaders (messageId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const signatures = secrets.map(secret => new Webhook(secret).sign(messageId, at, body))
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  }
}
