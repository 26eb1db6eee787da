import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { cursorPagedResult, paginationParams } from '../../../platform/lib/pagination.ts'
import { afterTimeAndId, cursorParam, keysetResult, pageTotal, toKeysetPage } from '../../../platform/lib/cursor.ts'
import { sinceParam } from '../../../platform/lib/since.ts'
import { LIST_ROW_FIELDS, leadListRow, toLeadListRow } from '../shape.ts'

export const listLeads = defineOperation({
  summary: 'Page through leads, newest first.',
  readonly: true,
  examples: [{ title: 'Leads from the contact form', params: { source: 'contact_form', per_page: 20 } }],
  params: z.object({
    ...paginationParams,
    cursor: cursorParam.optional(),
    source: z.string().min(1).optional().describe('Only leads of this source.'),
    since: sinceParam.optional().describe('Only leads first seen at or after this time: RFC 3339 date-time or YYYY-MM-DD.'),
  }),
  returns: cursorPagedResult(leadListRow),
  async handler (params, { db }) {
    const page = toKeysetPage(params, true)
    const where = {
      ...(params.source === undefined ? {} : { source: params.source }),
      ...(params.since === undefined ? {} : { firstSeen: { gte: params.since } }),
    }
    const [read, total] = await Promise.all([
      db.svcLead.findMany({ where: { AND: [where, afterTimeAndId(page, 'firstSeen')] }, select: LIST_ROW_FIELDS, orderBy: [{ firstSeen: 'desc' }, { id: 'desc' }], skip: page.skip, take: page.take }),
      pageTotal(page, () => db.svcLead.count({ where })),
    ])
    const { rows, nextCursor } = keysetResult(read, page, row => ({ at: row.firstSeen, id: row.id }), total)
    return { data: { items: rows.map(toLeadListRow), total, page: page.page, per_page: page.perPage, next_cursor: nextCursor }, changed: false }
  },
})
