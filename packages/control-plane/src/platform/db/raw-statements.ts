import type { SqlQuery } from '@prisma/driver-adapter-utils'
import type { Db } from './client.ts'
import type { DatabaseProvider } from './database-url.ts'
import type { AdapterHandle } from './adapter-handle.ts'

/**
 * Where a statement written by hand runs: the host's driver adapter once connected, else the
 * Prisma client's raw query (before Prisma's first query connected it, or for a host without
 * one). On the adapter a statement skips the client's query handling, which on a hot path costs
 * more than the statement itself (docs/performance.md). `provider` picks the placeholders.
 */
export type RawTarget = { db: Db, provider: DatabaseProvider, adapter: AdapterHandle | null }

/** The target on `db` for a site's resolved options. */
export const rawTargetOf = (db: Db, options: { databaseProvider: DatabaseProvider, hostAdapter: AdapterHandle | null }): RawTarget =>
  ({ db, provider: options.databaseProvider, adapter: options.hostAdapter })

/** A hand-written SELECT's rows as arrays of values in the select list's order (its column names must be distinct). */
export async function queryRows ({ db, adapter }: RawTarget, statement: SqlQuery): Promise<unknown[][]> {
  const connected = adapter?.current
  if (connected) return (await connected.queryRaw(statement)).rows
  const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(statement.sql, ...statement.args)
  return rows.map(row => Object.values(row))
}

/** Runs a hand-written write. */
export async function executeStatement ({ db, adapter }: RawTarget, statement: SqlQuery): Promise<void> {
  const connected = adapter?.current
  if (connected) await connected.executeRaw(statement)
  else await db.$executeRawUnsafe(statement.sql, ...statement.args)
}
