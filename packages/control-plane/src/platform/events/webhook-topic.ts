/** The outbox topic of webhook deliveries; the webhooks resource declares how it is delivered. */
export const WEBHOOK_TOPIC = 'webhooks.deliver'

/** One ordering key per subscription: its events arrive in order, and no subscription waits for another. */
export const webhookOrderingKey = (subscriptionId: string) => `webhook:${subscriptionId}`
