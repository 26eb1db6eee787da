import { datedRowsRule } from '../../platform/retention/rule.ts'

/** Deliveries done with: processed into a post, skipped, or failed. Held and new ones are never pruned. */
const PROCESSED = { processedAt: { not: null }, status: { notIn: ['received', 'held', 'processing'] } }

/**
 * A processed delivery's raw body (up to 1 MiB) is kept a month to look into what a sender
 * sent; its row (status, post, error, `webhook-id`) a year. An empty body is never a delivery's
 * own (a delivery is a JSON object), so it marks one whose body was pruned.
 */
export const contentInboxRetention = [
  datedRowsRule({
    name: 'content_inbox_bodies',
    table: 'svc_content_inbox',
    removes: 'raw bodies of processed deliveries (the delivery stays)',
    defaultDays: 30,
    rows: db => db.svcContentDelivery,
    datedBy: 'processedAt',
    scope: { ...PROCESSED, body: { not: '' } },
    empty: { body: '' },
  }),
  datedRowsRule({
    name: 'content_inbox',
    table: 'svc_content_inbox',
    removes: 'processed deliveries',
    defaultDays: 365,
    rows: db => db.svcContentDelivery,
    datedBy: 'processedAt',
    scope: PROCESSED,
  }),
]
