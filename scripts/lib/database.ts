import { PrismaClient } from '../../generated/prisma/client.ts'
import { resolveDatabase } from '../../src/db/database-url.ts'
import { createAdapterFactory } from '../../src/db/adapter.ts'
import { migrate } from '../../src/db/migrate.ts'

/** Migrates the configured database and opens a Prisma client on it, for scripts. */
export async function openDatabase ({ quiet = false } = {}): Promise<PrismaClient> {
  const target = resolveDatabase()
  const report = await migrate(target)
  if (!quiet && report.applied.length > 0) console.log(`[svc] applied migrations: ${report.applied.join(', ')}`)
  return new PrismaClient({ adapter: createAdapterFactory(target) as never })
}
