import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type { DatabaseProvider } from './database-url.ts'

export const PROVIDERS: readonly DatabaseProvider[] = ['sqlite', 'postgresql']

const DATASOURCE = /datasource \w+ \{\s*provider = "\w+"\s*\}/

/**
 * Keystone prints its Prisma schema for the provider it was built with; the models are the same
 * for each provider as long as no list uses a native enum, so only the datasource block differs.
 */
export function datamodelFor (keystoneSchema: string, provider: DatabaseProvider): string {
  if (!DATASOURCE.test(keystoneSchema)) throw new Error('schema.prisma has no datasource block Keystone would print')
  if (/^enum /m.test(keystoneSchema)) throw new Error('native enums differ per provider: use select({ type: "string" })')
  return keystoneSchema.replace(DATASOURCE, `datasource ${provider} {\n  provider = "${provider}"\n}`)
}

/**
 * A driver adapter the schema engine holds while it diffs two datamodels. SQLite needs no server;
 * the engine opens a PostgreSQL connection at start (it reads nothing), so generating PostgreSQL
 * migrations needs a scratch server: `SVC_MIGRATIONS_PG_URL`.
 */
export async function diffAdapterFactory (provider: DatabaseProvider): Promise<SqlMigrationAwareDriverAdapterFactory> {
  if (provider === 'sqlite') {
    const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3')
    return new PrismaBetterSqlite3({ url: 'file::memory:' }) as unknown as SqlMigrationAwareDriverAdapterFactory
  }
  const connectionString = process.env.SVC_MIGRATIONS_PG_URL
  if (!connectionString) throw new Error('set SVC_MIGRATIONS_PG_URL to a scratch PostgreSQL database to generate its migrations')
  const { PrismaPg } = await import('@prisma/adapter-pg')
  return new PrismaPg({ connectionString }) as unknown as SqlMigrationAwareDriverAdapterFactory
}
