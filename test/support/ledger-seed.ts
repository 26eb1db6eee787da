import { resolveDatabase } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { insertLeads, openSeeder } from '../../bench/support/growth-seed.ts'

/** Leads per pair of statements: a few megabytes of JSON parameter each. */
const CHUNK = 5_000

/**
 * Adds `count` leads with two chained events each to the database at `databaseUrl`, hashed as the
 * capture path hashes them, through the driver as the growth benchmark seeds (a capture per lead,
 * or Prisma's `createMany`, would take minutes at 100k on a busy machine). `from` numbers the
 * refs, so several calls make one ledger.
 */
export async function seedLedger (databaseUrl: string, count: number, { from = 0, epoch = Date.UTC(2026, 0, 1) } = {}): Promise<void> {
  const seeder = await openSeeder(resolveDatabase(databaseUrl))
  try {
    for (let start = from; start < from + count; start += CHUNK) await insertLeads(seeder.exec, start, Math.min(from + count, start + CHUNK) - 1, epoch, 60_000)
  } finally {
    await seeder.close()
  }
}
