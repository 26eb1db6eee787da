import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { cursorPagedResult, paginationParams } from '../../../platform/lib/pagination.ts'
import { afterId, cursorParam, keysetResult, pageTotal, toKeysetPage } from '../../../platform/lib/cursor.ts'
import { isoOrNull } from '../../../platform/lib/timestamps.ts'
import { postIdFromStored } from '../../../platform/host-contract/post-ids.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { sourceIdParam } from '../shape.ts'

const DELIVERY_STATUSES = ['received', 'processing', 'held', 'failed', 'created', 'updated', 'unchanged', 'skipped'] as const

const deliveryRow = z.object({
  id: z.number().int(),
  source_id: z.string(),
  webhook_id: z.string().nullable(),
  status: z.string().describe(`One of ${DELIVERY_STATUSES.join(', ')}.`),
  post_id: z.union([z.number().int(), z.string()]).nullable().describe('The post written, once processed.'),
  error: z.string().nullable(),
  received_at: z.string().nullable(),
  processed_at: z.string().nullable(),
})

const DELIVERY_FIELDS = { id: true, sourceId: true, webhookId: true, status: true, postId: true, error: true, receivedAt: true, processedAt: true } as const

export const listContentDeliveries = defineOperation({
  summary: 'Page through the content inbox (deliveries received by the sources), newest first; never their bodies.',
  readonly: true,
  examples: [{
    title: 'The latest deliveries of one source',
    setup: [{ operation: 'content_sources.create', params: { name: 'Inbox feed' }, as: 'source' }],
    params: { source_id: '{{source.id}}', per_page: 10 },
  }],
  params: z.object({
    ...paginationParams,
    cursor: cursorParam.optional(),
    source_id: sourceIdParam.optional().describe('Only deliveries to this source.'),
    status: z.enum(DELIVERY_STATUSES).optional().describe('Only deliveries in this state.'),
  }),
  returns: cursorPagedResult(deliveryRow),
  async handler (params, { db, options }) {
    const page = toKeysetPage(params)
    const content = requireContent(options)
    const where = {
      ...(params.source_id === undefined ? {} : { sourceId: params.source_id }),
      ...(params.status === undefined ? {} : { status: params.status }),
    }
    const [read, total] = await Promise.all([
      db.svcContentDelivery.findMany({ where: { ...where, ...afterId(page) }, select: DELIVERY_FIELDS, orderBy: { id: 'desc' }, skip: page.skip, take: page.take }),
      pageTotal(page, () => db.svcContentDelivery.count({ where })),
    ])
    const { rows, nextCursor } = keysetResult(read, page, row => ({ id: row.id }), total)
    const items = rows.map(row => ({
      id: row.id,
      source_id: row.sourceId,
      webhook_id: row.webhookId,
      status: row.status,
      post_id: row.postId === null ? null : postIdFromStored(content, row.postId),
      error: row.error,
      received_at: isoOrNull(row.receivedAt),
      processed_at: isoOrNull(row.processedAt),
    }))
    return { data: { items, total, page: page.page, per_page: page.perPage, next_cursor: nextCursor }, changed: false }
  },
})
