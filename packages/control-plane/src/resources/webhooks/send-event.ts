import type { OutboxDeps } from '../../kernel/outbox-topic.ts'
import { postForAnswer } from '../../platform/outgoing-http/http-client.ts'
import { signatureHeaders } from '../../platform/events/sign.ts'
import type { EventBody } from '../../platform/events/event-body.ts'
import { signingSecrets } from './signing-secrets.ts'

const EXCERPT_CHARS = 500
/** A receiver gets this long to answer; one that takes longer holds only its own subscription's lane. */
const DELIVERY_TIMEOUT_MS = 10_000

export type Attempt = { ok: boolean, httpStatus: number | null, durationMs: number, excerpt: string, error: string | null }

type Subscription = { subscriptionId: string, url: string, secretCiphertext: string, previousSecretCiphertext: string | null, previousSecretExpiresAt: Date | null }

/**
 * POSTs one signed event to a subscription, with the `traceparent` of the call that caused it, and
 * records the attempt; never throws for the receiver's sake.
 */
export async function sendEvent (
  { db, secrets, options }: OutboxDeps,
  subscription: Subscription,
  event: EventBody,
  attempt: number,
  traceparent: string | null,
): Promise<Attempt> {
  const at = options.now()
  const body = JSON.stringify(event)
  const headers = { ...signatureHeaders(event.id, at, body, signingSecrets(subscription, secrets, at)), ...(traceparent === null ? {} : { traceparent }) }
  const started = performance.now()
  let result: Attempt
  try {
    const answer = await postForAnswer(options.outbound, subscription.url, body, { headers, timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: EXCERPT_CHARS * 4 })
    const ok = answer.status >= 200 && answer.status < 300
    result = {
      ok,
      httpStatus: answer.status,
      durationMs: Math.round(performance.now() - started),
      excerpt: answer.excerpt.slice(0, EXCERPT_CHARS),
      error: ok ? null : `${new URL(subscription.url).origin} answered ${answer.status}`,
    }
  } catch (error) {
    result = { ok: false, httpStatus: null, durationMs: Math.round(performance.now() - started), excerpt: '', error: String((error as Error).message).slice(0, EXCERPT_CHARS) }
  }
  await db.svcWebhookDelivery.create({
    data: {
      subscriptionId: subscription.subscriptionId,
      eventId: event.id,
      eventType: event.type,
      attempt,
      status: result.ok ? 'succeeded' : 'failed',
      httpStatus: result.httpStatus,
      durationMs: result.durationMs,
      responseExcerpt: result.excerpt,
      error: result.error,
      at,
    },
    select: { id: true },
  })
  return result
}
