import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { sinceParam } from '../../../platform/lib/since.ts'
import { cursorParam, decodeCursor, encodeCursor } from '../../../platform/lib/cursor.ts'
import { payloadTooLarge } from '../../../platform/errors/errors.ts'
import { ledgerRow, readLedgerPage } from '../ledger-page.ts'

/**
 * A call without `limit` or `cursor` answers the whole ledger, as the contract says, up to this
 * many rows; past it the call is refused rather than held in memory or silently cut short.
 */
export const EXPORT_UNPAGED_MAX = 10_000
const EXPORT_MAX_LIMIT = 5000

export const exportLeads = defineOperation({
  summary: 'Export the lead ledger: one row per event, joined with its lead, oldest first, a page at a time.',
  description: `Without limit or cursor: every row, up to ${EXPORT_UNPAGED_MAX} (past that, 413 payload_too_large). ` +
    'With limit or cursor: a page, next_cursor continues. ' +
    'Any size, streamed as JSON lines: GET {base}/leads/export.ndjson (see docs/leads.md).',
  readonly: true,
  examples: [{ title: 'Every lead event since the start of 2024', params: { since: '2024-01-01' } }],
  params: z.object({
    since: sinceParam.optional().describe('Only events at or after this time: RFC 3339 date-time or YYYY-MM-DD.'),
    limit: z.number().int().min(1).max(EXPORT_MAX_LIMIT).optional().describe(`Rows in this page, 1–${EXPORT_MAX_LIMIT}. Without limit or cursor, every row.`),
    cursor: cursorParam.optional(),
  }),
  returns: z.object({
    rows: z.array(ledgerRow),
    count: z.number().int().describe('Rows in this response.'),
    next_cursor: z.string().nullable().describe('Send as cursor for the rows after these; null when none follow.'),
  }),
  async handler ({ since, limit, cursor }, { db, options }) {
    const paged = limit !== undefined || cursor !== undefined
    const take = limit ?? (paged ? EXPORT_MAX_LIMIT : EXPORT_UNPAGED_MAX)
    const after = cursor === undefined ? null : decodeCursor(cursor, true)
    const { rows, keys } = await readLedgerPage({ db, adapter: options.hostAdapter?.current, provider: options.databaseProvider }, { since, after, take: take + 1 })
    if (!paged && rows.length > take) {
      throw payloadTooLarge(`the ledger has more than ${EXPORT_UNPAGED_MAX} rows${since ? ' since then' : ''}: page it with limit and cursor, or stream it from GET {base}/leads/export.ndjson`)
    }
    const shown = rows.slice(0, take)
    const next = rows.length > take ? encodeCursor(keys[take - 1]!) : null
    return { data: { rows: shown, count: shown.length, next_cursor: next }, changed: false }
  },
})
