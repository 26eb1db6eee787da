import { PrismaClient } from '../../generated/prisma/client.ts'
import { resolveDatabase } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { createAdapterFactory } from '../../packages/control-plane/src/platform/db/adapter.ts'
import type { MigrationReport } from '../../packages/control-plane/src/platform/db/migrate.ts'
import { CliError, migrateDatabase } from '../../packages/control-plane/src/doors/cli/main.ts'

/** Migrates the configured database (the package CLI's `migrate`), or says clearly why it cannot and exits non-zero. */
async function migrateOrExit (): Promise<MigrationReport> {
  try {
    return await migrateDatabase(resolveDatabase())
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    console.error(`[svc] ${error.message}`)
    process.exit(1)
  }
}

/** Migrates the configured database and opens a Prisma client on it, for scripts. */
export async function openDatabase ({ quiet = false } = {}): Promise<PrismaClient> {
  const report = await migrateOrExit()
  if (!quiet && report.applied.length > 0) console.log(`[svc] applied migrations: ${report.applied.join(', ')}`)
  return new PrismaClient({ adapter: createAdapterFactory(resolveDatabase()) as never })
}
