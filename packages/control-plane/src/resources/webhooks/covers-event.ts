import { matchesAny } from '../../platform/events/event-pattern.ts'
import { webhookTest } from './events.ts'

type Subscription = { subscriptionId: string, eventTypes: unknown }
type StoredEvent = { type: string, data: unknown }

/** Whether an event is the subscription's to receive: its patterns cover the type, or it is the test event sent to it. */
export function subscriptionCovers (subscription: Subscription, event: StoredEvent): boolean {
  if (matchesAny(subscription.eventTypes as string[], event.type)) return true
  const data = event.data as { subscription_id?: unknown } | null
  return event.type === webhookTest.type && data?.subscription_id === subscription.subscriptionId
}
