import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { pagedResult, paginationParams, toPage } from '../../../lib/pagination.ts'
import { sinceParam } from '../../../lib/since.ts'
import { LIST_ROW_FIELDS, leadListRow, toLeadListRow } from '../shape.ts'

export const listLeads = defineOperation({
  resource: 'leads',
  action: 'list',
  summary: 'Page through leads, newest first.',
  readonly: true,
  examples: [{ title: 'Leads from the contact form', params: { source: 'contact_form', per_page: 20 } }],
  params: z.object({
    ...paginationParams,
    source: z.string().min(1).optional().describe('Only leads of this source.'),
    since: sinceParam.optional().describe('Only leads first seen at or after this time: RFC 3339 date-time or YYYY-MM-DD.'),
  }),
  returns: pagedResult(leadListRow),
  async handler (params, { db }) {
    const page = toPage(params)
    const where = {
      ...(params.source === undefined ? {} : { source: params.source }),
      ...(params.since === undefined ? {} : { firstSeen: { gte: params.since } }),
    }
    const [rows, total] = await Promise.all([
      db.svcLead.findMany({ where, select: LIST_ROW_FIELDS, orderBy: [{ firstSeen: 'desc' }, { id: 'desc' }], skip: page.skip, take: page.take }),
      db.svcLead.count({ where }),
    ])
    return { data: { items: rows.map(toLeadListRow), total, page: page.page, per_page: page.perPage }, changed: false }
  },
})
