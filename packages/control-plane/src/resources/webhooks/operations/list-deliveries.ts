import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { pagedResult, paginationParams, toPage } from '../../../platform/lib/pagination.ts'
import { findSubscription, subscriptionIdParam } from '../shape.ts'

const deliveryRecord = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int().describe('1 for the first attempt at this event, counting up on retries.'),
  status: z.enum(['succeeded', 'failed']),
  http_status: z.number().int().nullable().describe('The receiver\'s status; null when it could not be reached.'),
  duration_ms: z.number().int(),
  response_excerpt: z.string().describe('The start of the receiver\'s answer (up to 500 characters).'),
  error: z.string().nullable(),
  at: z.string(),
})

export const listWebhookDeliveries = defineOperation({
  summary: 'The delivery attempts of one subscription, newest first: status, duration and the start of each answer.',
  readonly: true,
  examples: [{
    title: 'List the deliveries of a subscription',
    setup: [{ operation: 'webhooks.create', params: { url: 'https://hooks.example.com/log', event_types: ['lead.*'] }, as: 'webhook' }],
    params: { id: '{{webhook.id}}', per_page: 20 },
  }],
  params: z.object({ id: subscriptionIdParam, event_id: z.string().max(100).optional().describe('Only the attempts at this event.'), ...paginationParams }),
  returns: pagedResult(deliveryRecord),
  async handler (params, { db }) {
    await findSubscription(db, params.id)
    const { page, perPage, skip, take } = toPage(params)
    const where = { subscriptionId: params.id, ...(params.event_id ? { eventId: params.event_id } : {}) }
    const [rows, total] = await Promise.all([
      db.svcWebhookDelivery.findMany({ where, orderBy: { id: 'desc' }, skip, take }),
      db.svcWebhookDelivery.count({ where }),
    ])
    return {
      data: {
        items: rows.map(row => ({
          id: row.id,
          event_id: row.eventId,
          event_type: row.eventType,
          attempt: row.attempt,
          status: row.status as 'succeeded' | 'failed',
          http_status: row.httpStatus,
          duration_ms: row.durationMs,
          response_excerpt: row.responseExcerpt,
          error: row.error,
          at: row.at.toISOString(),
        })),
        total,
        page,
        per_page: perPage,
      },
      changed: false,
    }
  },
})
