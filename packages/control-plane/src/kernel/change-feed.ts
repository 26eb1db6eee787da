import type { Db } from '../platform/db/client.ts'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import type { Log } from '../platform/lib/log.ts'
import type { ChangeFeed } from '../platform/change-feed/change-feed.ts'
import { PostgresChangeFeed } from '../platform/change-feed/postgres-change-feed.ts'
import { SqliteChangeFeed } from '../platform/change-feed/sqlite-change-feed.ts'
import { dedicatedPostgresConnection } from '../platform/db/dedicated-connection.ts'

/** The SQLite database's own file, as SQLite names it (empty for one in memory). */
async function sqliteFile (db: Db): Promise<string | null> {
  const databases = await db.$queryRawUnsafe<Array<{ name: string, file: string | null }>>('PRAGMA database_list')
  return databases.find(database => database.name === 'main')?.file || null
}

/**
 * The runtime's change feed: on PostgreSQL, through the database every instance shares
 * (`LISTEN`/`NOTIFY`); on SQLite, through files beside the database, watched by the processes
 * that share it.
 */
export function createChangeFeed (db: Db, options: Pick<ResolvedOptions, 'databaseProvider' | 'hostAdapter'>, log: Log): ChangeFeed {
  if (options.databaseProvider !== 'postgresql') return new SqliteChangeFeed({ databaseFile: () => sqliteFile(db), log })
  return new PostgresChangeFeed({
    connect: () => dedicatedPostgresConnection(db, options.hostAdapter),
    notify: async (channel, payload) => { await db.$executeRawUnsafe('SELECT pg_notify($1, $2)', channel, payload) },
    log,
  })
}
