import type { Client, ClientConfig } from 'pg'
import type { Db } from './client.ts'
import type { AdapterHandle } from './adapter-handle.ts'

/** What `@prisma/adapter-pg` answers as its driver: the pg pool it runs statements on, which keeps its client class and settings. */
type PgPool = { Client: new (config: ClientConfig) => Client, options: ClientConfig }

const isPgPool = (driver: unknown): driver is PgPool =>
  typeof driver === 'object' && driver !== null && typeof (driver as PgPool).Client === 'function' && typeof (driver as PgPool).options === 'object'

/**
 * A PostgreSQL connection outside the host's pool, made with the pool's own driver and settings
 * (so the host's `DATABASE_URL`, TLS and credentials, never read or repeated here): for a
 * statement that holds its connection, such as `LISTEN`.
 */
export async function dedicatedPostgresConnection (db: Db, adapter: AdapterHandle | null): Promise<Client> {
  // The adapter is connected by Prisma's first statement.
  if (!adapter?.current) await db.$queryRawUnsafe('SELECT 1')
  const driver = (adapter?.current as { underlyingDriver?: () => unknown } | undefined)?.underlyingDriver?.()
  if (!isPgPool(driver)) throw new Error('the host\'s database adapter is not @prisma/adapter-pg: no pg pool to open a connection of its own from')
  const client = new driver.Client(driver.options)
  await client.connect()
  return client
}
