import { z } from 'zod'
import type { Db } from '../../../platform/db/client.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { pagedResult, paginationParams, toPage, type Page } from '../../../platform/lib/pagination.ts'
import { VARIABLE_ROW_FIELDS, toVariableRecord, variableRecord } from '../shape.ts'

const byName = { name: 'asc' } as const

async function pageOfAll (db: Db, page: Page) {
  const [rows, total] = await Promise.all([
    db.svcVariable.findMany({ select: VARIABLE_ROW_FIELDS, orderBy: byName, skip: page.skip, take: page.take }),
    db.svcVariable.count(),
  ])
  return { rows, total }
}

async function pageWithPrefix (db: Db, page: Page, prefix: string) {
  // startsWith becomes LIKE, where "_" matches any character on some providers: the database
  // narrows the names down, the exact test is ours.
  const candidates = await db.svcVariable.findMany({ where: { name: { startsWith: prefix } }, select: { name: true }, orderBy: byName })
  const names = candidates.map(row => row.name).filter(name => name.startsWith(prefix))
  const rows = await db.svcVariable.findMany({
    where: { name: { in: names.slice(page.skip, page.skip + page.take) } },
    select: VARIABLE_ROW_FIELDS,
    orderBy: byName,
  })
  return { rows, total: names.length }
}

export const listVariables = defineOperation({
  summary: 'Page through the site variables, sorted by name.',
  readonly: true,
  examples: [{ title: 'The variables under site.', params: { prefix: 'site.' } }],
  params: z.object({
    ...paginationParams,
    prefix: z.string().regex(/^[a-z0-9_.]{1,64}$/, 'a prefix is 1–64 lowercase letters, digits, "_" or "."').optional()
      .describe('Only variables whose name starts with this, e.g. "leads.".'),
  }),
  returns: pagedResult(variableRecord),
  async handler (params, { db }) {
    const page = toPage(params)
    const { rows, total } = params.prefix === undefined ? await pageOfAll(db, page) : await pageWithPrefix(db, page, params.prefix)
    return { data: { items: rows.map(toVariableRecord), total, page: page.page, per_page: page.perPage }, changed: false }
  },
})
