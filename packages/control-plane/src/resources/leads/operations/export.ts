import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { sinceParam } from '../../../lib/since.ts'
import { cursorParam, decodeCursor, encodeCursor } from '../../../lib/cursor.ts'
import { ledgerRow, readLedgerPage } from '../ledger-page.ts'

/** Rows per call when the caller does not say: a page, so no call holds the whole ledger in memory. */
export const EXPORT_DEFAULT_LIMIT = 1000
export const EXPORT_MAX_LIMIT = 5000

export const exportLeads = defineOperation({
  resource: 'leads',
  action: 'export',
  summary: 'Export the lead ledger: one row per event, joined with its lead, oldest first, a page at a time.',
  description: `At most limit rows per call (default ${EXPORT_DEFAULT_LIMIT}); next_cursor continues. ` +
    'The whole ledger in one response, streamed as JSON lines: GET {base}/leads/export.ndjson (see docs/leads.md).',
  readonly: true,
  examples: [{ title: 'Every lead event since the start of 2024', params: { since: '2024-01-01' } }],
  params: z.object({
    since: sinceParam.optional().describe('Only events at or after this time: RFC 3339 date-time or YYYY-MM-DD.'),
    limit: z.number().int().min(1).max(EXPORT_MAX_LIMIT).optional().describe(`Rows in this call, 1–${EXPORT_MAX_LIMIT}. Default ${EXPORT_DEFAULT_LIMIT}.`),
    cursor: cursorParam.optional(),
  }),
  returns: z.object({
    rows: z.array(ledgerRow),
    count: z.number().int().describe('Rows in this response.'),
    next_cursor: z.string().nullable().describe('Send as cursor for the rows after these; null when none follow.'),
  }),
  async handler ({ since, limit, cursor }, { db }) {
    const take = limit ?? EXPORT_DEFAULT_LIMIT
    const after = cursor === undefined ? null : decodeCursor(cursor, true)
    const { rows, keys } = await readLedgerPage(db, { since, after, take: take + 1 })
    const shown = rows.slice(0, take)
    const next = rows.length > take ? encodeCursor(keys[take - 1]!) : null
    return { data: { rows: shown, count: shown.length, next_cursor: next }, changed: false }
  },
})
