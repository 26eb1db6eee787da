import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type { DatabaseTarget } from './database-url.ts'
import { cacheSqliteStatements } from './sqlite-statement-cache.ts'

/** The Prisma driver adapter for the configured database. */
export function createAdapterFactory (target: DatabaseTarget): SqlMigrationAwareDriverAdapterFactory {
  if (target.provider === 'sqlite') return cacheSqliteStatements(new PrismaBetterSqlite3({ url: target.url }))
  return new PrismaPg({ connectionString: target.url })
}
