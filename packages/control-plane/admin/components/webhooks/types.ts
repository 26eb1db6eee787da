import type { CallResult } from '../../lib/svc-client.ts'

export type SubscriptionList = CallResult<'webhooks', 'list'>
export type Subscription = SubscriptionList['webhooks'][number]
/** What create and rotate_secret answer: the one time the secret is on screen. */
export type ShownSecret = Pick<CallResult<'webhooks', 'rotate_secret'>, 'id' | 'secret'>
export type DeliveryAttempt = CallResult<'webhooks', 'list_deliveries'>['items'][number]
export type TestOutcome = CallResult<'webhooks', 'test'>
