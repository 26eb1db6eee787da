import type { IncomingHttpHeaders } from 'node:http'
import type { SecretBox } from '../../../platform/secrets/secret-box.ts'
import { secretUnavailable, unauthenticated } from '../../../platform/errors/errors.ts'
import type { SourceRow } from '../columns.ts'
import { customSignature, standardSignature } from '../webhook-signature.ts'
import { constantTimeEqual } from '../../../platform/lib/constant-time.ts'
import { WEBHOOK_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

/** Both HMAC modes: a delivery signed more than 5 minutes before or after now is refused. */
const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/** The signed id and timestamp both HMAC modes require, the timestamp within the tolerance. */
function signedIdAndTimestamp (headers: IncomingHttpHeaders, signatureHeader: string, now: Date): { id: string, timestamp: string } {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  if (!id || !timestamp || !header(headers, signatureHeader)) throw unauthenticated(`webhook-id, webhook-timestamp and ${signatureHeader} are required`)
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS) {
    throw unauthenticated('webhook-timestamp is missing or outside the 5-minute tolerance')
  }
  return { id, timestamp }
}

function verifyStandard (secret: string, headers: IncomingHttpHeaders, body: Buffer, now: Date): void {
  const { id, timestamp } = signedIdAndTimestamp(headers, 'webhook-signature', now)
  const expected = standardSignature(secret, id, timestamp, body)
  // The header may carry several space-separated signatures (during a key rotation on the sender's side).
  if (!header(headers, 'webhook-signature')!.split(' ').some(candidate => constantTimeEqual(candidate, expected))) throw unauthenticated('invalid webhook signature')
}

function verifyCustom (secret: string, headerName: string, headers: IncomingHttpHeaders, body: Buffer, now: Date): void {
  const { id, timestamp } = signedIdAndTimestamp(headers, headerName, now)
  const signature = header(headers, headerName)!.trim().toLowerCase()
  if (!constantTimeEqual(signature, customSignature(secret, id, timestamp, body))) {
    throw unauthenticated(`a valid ${headerName}: sha256=<hex HMAC-SHA256 of "webhook-id.webhook-timestamp.body"> header is required`)
  }
}

/**
 * Checks a delivery's credentials against the source's auth_mode; throws 401 `unauthenticated`,
 * or 503 `secret_unavailable` when the source's secret cannot be opened with the configured keys.
 * Every comparison is constant-time.
 */
export function authenticateDelivery (source: SourceRow, headers: IncomingHttpHeaders, body: Buffer, secrets: SecretBox, now: Date): void {
  if (source.authMode === 'none') return
  if (!source.secretCiphertext) throw unauthenticated('this content source has no secret: rotate_secret sets one')
  let secret: string
  try {
    secret = secrets.open(source.secretCiphertext, bindTo(WEBHOOK_SECRET, source.slug))
  } catch (error) {
    throw secretUnavailable(`content source "${source.slug}" cannot check deliveries: its secret cannot be opened (${error instanceof Error ? error.message : 'unreadable'}); configure the key in SVC_ENCRYPTION_KEYS or rotate_secret`)
  }
  if (source.authMode === 'bearer') {
    const token = /^Bearer\s+(.+)$/i.exec(header(headers, 'authorization') ?? '')?.[1]?.trim()
    if (!token || !constantTimeEqual(token, secret)) throw unauthenticated('a valid Authorization: Bearer <secret> header is required')
    return
  }
  if (source.sigHeaderMode === 'custom') verifyCustom(secret, source.sigHeaderName, headers, body, now)
  else verifyStandard(secret, headers, body, now)
}
