import type { SqlQuery } from '@prisma/driver-adapter-utils'
import type { Db } from './client.ts'
import type { AdapterHandle } from './adapter-handle.ts'

/** Where a statement written by hand runs: the host's driver adapter once connected, else the Prisma client. */
export type RawTarget = { db: Db, adapter: AdapterHandle | null }

/**
 * A hand-written SELECT's rows as arrays of values in the select list's order (its column names
 * must be distinct). On the connected adapter the statement skips the client's query handling,
 * which costs more than the statement on a hot read (docs/performance.md); before Prisma's first
 * query connected it, or for a host without one, it goes through the client's raw query.
 */
export async function queryRows ({ db, adapter }: RawTarget, statement: SqlQuery): Promise<unknown[][]> {
  const connected = adapter?.current
  if (connected) return (await connected.queryRaw(statement)).rows
  const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(statement.sql, ...statement.args)
  return rows.map(row => Object.values(row))
}
