import { PrismaClient } from '../../generated/prisma/client.ts'
import { resolveDatabase } from '../../packages/control-plane/src/db/database-url.ts'
import { createAdapterFactory } from '../../packages/control-plane/src/db/adapter.ts'
import { migrate, type MigrationReport } from '../../packages/control-plane/src/db/migrate.ts'
import { describeConnectionError } from '../../packages/control-plane/src/db/connection-error.ts'

/** Migrates the configured database, or says clearly why it cannot and exits non-zero. */
export async function migrateOrExit (): Promise<MigrationReport> {
  const target = resolveDatabase()
  try {
    return await migrate(target)
  } catch (error) {
    const reason = /^migration /.test((error as Error).message) ? (error as Error).message : describeConnectionError(target, error)
    console.error(`[svc] ${reason}`)
    process.exit(1)
  }
}

/** Migrates the configured database and opens a Prisma client on it, for scripts. */
export async function openDatabase ({ quiet = false } = {}): Promise<PrismaClient> {
  const report = await migrateOrExit()
  if (!quiet && report.applied.length > 0) console.log(`[svc] applied migrations: ${report.applied.join(', ')}`)
  return new PrismaClient({ adapter: createAdapterFactory(resolveDatabase()) as never })
}
