import type { Db } from '../platform/db/client.ts'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import type { Log } from '../platform/lib/log.ts'
import { LocalChangeFeed, type ChangeFeed } from '../platform/change-feed/change-feed.ts'
import { PostgresChangeFeed } from '../platform/change-feed/postgres-change-feed.ts'
import { dedicatedPostgresConnection } from '../platform/db/dedicated-connection.ts'

/**
 * The runtime's change feed: on PostgreSQL, through the database every instance shares
 * (`LISTEN`/`NOTIFY`); on SQLite, whose database one process holds, within the process.
 */
export function createChangeFeed (db: Db, options: Pick<ResolvedOptions, 'databaseProvider' | 'hostAdapter'>, log: Log): ChangeFeed {
  if (options.databaseProvider !== 'postgresql') return new LocalChangeFeed(log)
  return new PostgresChangeFeed({
    connect: () => dedicatedPostgresConnection(db, options.hostAdapter),
    notify: async (channel, payload) => { await db.$executeRawUnsafe('SELECT pg_notify($1, $2)', channel, payload) },
    log,
  })
}
