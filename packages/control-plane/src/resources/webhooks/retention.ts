import { datedRowsRule } from '../../platform/retention/rule.ts'

/**
 * Events and delivery attempts are kept a month: well past the three days of retries, long enough
 * to look into a receiver's trouble or redeliver an event.
 */
export const webhookRetention = [
  datedRowsRule({
    name: 'webhook_deliveries',
    table: 'svc_webhook_deliveries',
    removes: 'webhook delivery attempts',
    defaultDays: 30,
    rows: db => db.svcWebhookDelivery,
    datedBy: 'at',
  }),
  datedRowsRule({
    name: 'events',
    table: 'svc_events',
    removes: 'events (no longer redeliverable)',
    defaultDays: 30,
    rows: db => db.svcEvent,
    datedBy: 'occurredAt',
  }),
]
