import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { lastDays } from '../../../platform/tallies/periods.ts'
import { readTallies } from '../../../platform/tallies/read-tallies.ts'

const SUCCEEDED = 'webhooks.day.succeeded'
const FAILED = 'webhooks.day.failed'

export const webhookDeliveryStats = defineOperation({
  summary: 'Delivery attempts per subscription over the last days, succeeded and failed: the Webhooks page\'s success chart.',
  description: 'Read from the per-day counts the database keeps as attempts are logged (svc_tallies, written in the transaction that logs the attempt): one index range of a row per day, subscription and outcome, whatever the size of the delivery log. Every subscription is listed, with zeros when it had no attempt.',
  readonly: true,
  examples: [{
    title: 'Success per subscription over the last week',
    setup: [{ operation: 'webhooks.create', params: { url: 'https://hooks.example.com/stats', event_types: ['lead.*'] }, as: 'webhook' }],
    params: { days: 7 },
  }],
  errors: [],
  params: z.object({
    days: z.number().int().min(1).max(90).optional().describe('How many days, ending today (UTC). Default 7.'),
  }),
  returns: z.object({
    subscriptions: z.array(z.object({
      id: z.string(),
      url: z.string(),
      succeeded: z.number().int().describe('Attempts the receiver answered with a 2xx.'),
      failed: z.number().int().describe('Attempts that failed (an error status, a timeout, no answer); a retried event counts once per attempt.'),
      success_rate: z.number().nullable().describe('succeeded ÷ (succeeded + failed), 0–1; null without any attempt.'),
    })).describe('Every subscription, oldest first.'),
    total: z.number().int().describe('Every attempt counted.'),
  }),
  async handler ({ days = 7 }, { db, now }) {
    const buckets = lastDays(now(), days)
    const [subscriptions, rows] = await Promise.all([
      db.svcWebhookSubscription.findMany({ orderBy: { id: 'asc' }, select: { subscriptionId: true, url: true } }),
      readTallies(db, [SUCCEEDED, FAILED], buckets[0]!, buckets.at(-1)),
    ])
    const attempts = (series: string, id: string) => rows.filter(row => row.series === series && row.dimension === id).reduce((sum, row) => sum + row.count, 0)
    const stats = subscriptions.map(({ subscriptionId, url }) => {
      const succeeded = attempts(SUCCEEDED, subscriptionId)
      const failed = attempts(FAILED, subscriptionId)
      return { id: subscriptionId, url, succeeded, failed, success_rate: succeeded + failed === 0 ? null : succeeded / (succeeded + failed) }
    })
    return { data: { subscriptions: stats, total: stats.reduce((sum, entry) => sum + entry.succeeded + entry.failed, 0) }, changed: false }
  },
})
