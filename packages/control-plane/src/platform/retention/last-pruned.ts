import { queryRows, type RawTarget } from '../db/raw-statements.ts'
import { rawDate } from '../db/raw-values.ts'

/**
 * When any instance last pruned, as the retention state records it (null: never). Read at every
 * start, so written by hand: on the host's driver adapter it skips the Prisma client, whose query
 * compiler would otherwise compile it before the host's first request (docs/performance.md,
 * "A start that compiles nothing").
 */
export async function lastPrunedAt (target: RawTarget): Promise<Date | null> {
  const [row] = await queryRows(target, { sql: 'SELECT MAX("lastPrunedAt") AS "last" FROM "svc_retention_state"', args: [], argTypes: [] })
  return rawDate(row?.[0])
}
