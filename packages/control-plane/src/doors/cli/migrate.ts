import { existsSync } from 'node:fs'
import path from 'node:path'
import { resolveDatabase, type DatabaseTarget } from '../../platform/db/database-url.ts'
import { migrate, type MigrationReport } from '../../platform/db/migrate.ts'
import { migrationsDir } from '../../platform/db/migrations.ts'
import { describeConnectionError } from '../../platform/db/connection-error.ts'
import { CliError } from './errors.ts'

/** The database `DATABASE_URL` names; a malformed one is a one-line failure. */
export function databaseTarget (url: string | undefined = process.env.DATABASE_URL): DatabaseTarget {
  try {
    return resolveDatabase(url)
  } catch (error) {
    throw new CliError((error as Error).message)
  }
}

/**
 * Applies the SQL files of `migrations/<provider>/` (in the working directory) that the database
 * has not run yet, with the offline engine. Fails with one clear line when it cannot.
 */
export async function migrateDatabase (target: DatabaseTarget = databaseTarget()): Promise<MigrationReport> {
  const dir = migrationsDir(target.provider)
  if (!existsSync(dir)) {
    throw new CliError(`no migrations for ${target.provider} in ${path.relative(process.cwd(), dir) || dir}: ` +
      'generate them with `svc-control-plane migrations generate <name>`')
  }
  try {
    return await migrate(target)
  } catch (error) {
    throw new CliError(/^migration /.test((error as Error).message) ? (error as Error).message : describeConnectionError(target, error))
  }
}

/** What `migrate` prints when it is done. */
export function describeMigration (report: MigrationReport, target: DatabaseTarget = databaseTarget()): string {
  return report.applied.length > 0
    ? `applied ${report.applied.join(', ')}`
    : `${target.provider} database is up to date (${report.alreadyApplied} migrations)`
}
