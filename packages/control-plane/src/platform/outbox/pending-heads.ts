import type { RawTarget } from '../db/raw-statements.ts'
import { queryRows } from '../db/raw-statements.ts'
import { rawNumber, scalarArg } from '../db/raw-values.ts'
import { placeholder } from '../db/sql-placeholder.ts'

/**
 * The id of the oldest pending message of each ordering key, ascending. The worker's look, which
 * every instance runs at start and on each safety poll, so written by hand: on the host's driver
 * adapter it skips the Prisma client, whose query compiler would otherwise compile it at start,
 * before the host's first request (docs/performance.md, "A start that compiles nothing").
 */
export async function readPendingHeads (target: RawTarget): Promise<number[]> {
  const rows = await queryRows(target, {
    sql: `SELECT MIN("id") AS "head" FROM "svc_outbox_messages" WHERE "status" = ${placeholder(target.provider, 0)} GROUP BY "orderingKey"`,
    args: ['pending'],
    argTypes: [scalarArg('string')],
  })
  return rows.map(([head]) => rawNumber(head)).sort((a, b) => a - b)
}
