import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { cursorPagedResult, paginationParams } from '../../../platform/lib/pagination.ts'
import { afterId, cursorParam, keysetResult, pageTotal, toKeysetPage } from '../../../platform/lib/cursor.ts'
import { sinceParam } from '../../../platform/lib/since.ts'
import { auditEntry, toAuditEntry } from '../entry.ts'
import { FILTER_CHANNELS } from '../filter-channels.ts'
import { auditWhere } from '../../../platform/audit/audit-filters.ts'
import { auditTotal } from '../../../platform/audit/audit-total.ts'

export const listAudit = defineOperation({
  summary: 'Page through the audit log, newest first.',
  description: 'Every call is recorded — through dispatch, the GET read form, the route per operation or MCP — with secret params redacted and its Request-Id, refusals included (a bad or expired key, a missing capability), with no account when none was identified. A call that wrote shows its changes, secret columns sealed.',
  readonly: true,
  examples: [{ title: 'The latest CRM connections created', params: { operation: 'crm.create', per_page: 10 } }],
  params: z.object({
    ...paginationParams,
    cursor: cursorParam.optional(),
    operation: z.string().min(1).optional().describe('Only this operation, e.g. crm.create.'),
    channel: z.enum(FILTER_CHANNELS).optional().describe('Only calls that came in through this door.'),
    since: sinceParam.optional(),
    ok: z.boolean().optional().describe('Only successful (true) or failed (false) dispatches.'),
    request_id: z.string().min(1).max(128).optional().describe('Only the call answered with this Request-Id.'),
    trace_id: z.string().regex(/^[0-9a-f]{32}$/).optional().describe('Only the calls of this W3C trace (32 lower-case hex digits).'),
  }),
  returns: cursorPagedResult(auditEntry),
  async handler (params, { db, options, now, background, state }) {
    const page = toKeysetPage(params)
    const filters = { operation: params.operation, channel: params.channel, ok: params.ok, since: params.since, requestId: params.request_id, traceId: params.trace_id }
    const [read, total] = await Promise.all([
      db.svcAuditEntry.findMany({ where: { ...auditWhere(filters), ...afterId(page) }, orderBy: { id: 'desc' }, skip: page.skip, take: page.take }),
      pageTotal(page, () => auditTotal({ db, provider: options.databaseProvider, now, background, state }, filters)),
    ])
    const { rows, nextCursor } = keysetResult(read, page, row => ({ id: row.id }), total)
    const items = rows.map(toAuditEntry)
    return { data: { items, total, page: page.page, per_page: page.perPage, next_cursor: nextCursor }, changed: false }
  },
})
