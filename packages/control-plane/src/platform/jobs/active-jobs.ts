import type { RawTarget } from '../db/raw-statements.ts'
import { queryRows } from '../db/raw-statements.ts'
import { rawDate, rawNumber, scalarArg, stringsIn } from '../db/raw-values.ts'
import { placeholder } from '../db/sql-placeholder.ts'
import { ACTIVE_JOB_STATUSES } from './job-status.ts'

/** An active job as a worker's look reads it. */
export type ActiveJob = { id: number, startedAt: Date | null, holder: string | null, heldUntil: Date | null }

/**
 * The first `limit` jobs of the given kinds that have not ended, oldest first. A worker's look,
 * which every instance runs at start and on each safety poll, so written by hand: on the host's
 * driver adapter it skips the Prisma client, whose query compiler would otherwise compile it at
 * start, before the host's first request (docs/performance.md, "A start that compiles nothing").
 */
export async function readActiveJobs (target: RawTarget, kinds: readonly string[], limit: number): Promise<ActiveJob[]> {
  if (kinds.length === 0) return []
  const statuses = stringsIn(target.provider, 'status', ACTIVE_JOB_STATUSES, 0)
  const ofKinds = stringsIn(target.provider, 'kind', kinds, statuses.args.length)
  const rows = await queryRows(target, {
    sql: `SELECT "id", "startedAt", "holder", "heldUntil" FROM "svc_jobs" WHERE ${statuses.sql} AND ${ofKinds.sql}` +
      ` ORDER BY "id" ASC LIMIT ${placeholder(target.provider, statuses.args.length + ofKinds.args.length)}`,
    args: [...statuses.args, ...ofKinds.args, limit],
    argTypes: [...statuses.argTypes, ...ofKinds.argTypes, scalarArg('int')],
  })
  return rows.map(([id, startedAt, holder, heldUntil]) => ({ id: rawNumber(id), startedAt: rawDate(startedAt), holder: holder as string | null, heldUntil: rawDate(heldUntil) }))
}
