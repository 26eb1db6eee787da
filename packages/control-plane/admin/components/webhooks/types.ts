import type { z } from 'zod'
import type { subscriptionRecord } from '../../../src/resources/webhooks/shape.ts'

export type Subscription = z.output<typeof subscriptionRecord>
export type SubscriptionList = { webhooks: Subscription[] }
/** What create and rotate_secret answer: the one time the secret is on screen. */
export type ShownSecret = { id: string, secret: string }
export type DeliveryAttempt = {
  id: number, event_id: string, event_type: string, attempt: number, status: 'succeeded' | 'failed',
  http_status: number | null, duration_ms: number, response_excerpt: string, error: string | null, at: string,
}
export type TestOutcome = { event_id: string, delivered: boolean, http_status: number | null, duration_ms: number, error: string | null }
