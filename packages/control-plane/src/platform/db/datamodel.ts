import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type { DatabaseProvider } from './database-url.ts'

export const PROVIDERS: readonly DatabaseProvider[] = ['sqlite', 'postgresql']

/**
 * A driver adapter the schema engine holds while it diffs two datamodels. SQLite needs no server;
 * the engine opens a PostgreSQL connection at start (it reads nothing), so generating PostgreSQL
 * migrations needs a scratch server: `SVC_MIGRATIONS_PG_URL`.
 */
export async function diffAdapterFactory (provider: DatabaseProvider): Promise<SqlMigrationAwareDriverAdapterFactory> {
  if (provider === 'sqlite') {
    const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3')
    return new PrismaBetterSqlite3({ url: 'file::memory:' })
  }
  const connectionString = process.env.SVC_MIGRATIONS_PG_URL
  if (!connectionString) throw new Error('set SVC_MIGRATIONS_PG_URL to a scratch PostgreSQL database to generate its migrations')
  const { PrismaPg } = await import('@prisma/adapter-pg')
  return new PrismaPg({ connectionString })
}
