import { executeStatement, queryRows, type RawTarget } from '../platform/db/raw-statements.ts'
import type { Log } from '../platform/lib/log.ts'
import type { ChangeFeed } from '../platform/change-feed/change-feed.ts'
import { PostgresChangeFeed } from '../platform/change-feed/postgres-change-feed.ts'
import { SqliteChangeFeed } from '../platform/change-feed/sqlite-change-feed.ts'
import { dedicatedPostgresConnection } from '../platform/db/dedicated-connection.ts'
import { scalarArg } from '../platform/db/raw-values.ts'

/** The SQLite database's own file, as SQLite names it (empty for one in memory). */
async function sqliteFile (target: RawTarget): Promise<string | null> {
  const databases = await queryRows(target, { sql: 'PRAGMA database_list', args: [], argTypes: [] })
  const main = databases.find(([, name]) => name === 'main')
  return (main?.[2] as string | null | undefined) || null
}

/**
 * The runtime's change feed: on PostgreSQL, through the database every instance shares
 * (`LISTEN`/`NOTIFY`); on SQLite, through files beside the database, watched by the processes
 * that share it.
 */
export function createChangeFeed (target: RawTarget, log: Log): ChangeFeed {
  if (target.provider !== 'postgresql') return new SqliteChangeFeed({ databaseFile: () => sqliteFile(target), log })
  return new PostgresChangeFeed({
    connect: () => dedicatedPostgresConnection(target.db, target.adapter),
    notify: async (channel, payload) => { await executeStatement(target, { sql: 'SELECT pg_notify($1, $2)', args: [channel, payload], argTypes: [scalarArg('string'), scalarArg('string')] }) },
    log,
  })
}
