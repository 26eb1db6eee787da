import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { KeystoneConfig } from '@keystone-6/core/types'
import type { DatabaseProvider } from '../../platform/db/database-url.ts'
import { diffDatamodels } from '../../platform/db/schema-engine.ts'
import { datamodelSnapshotPath, migrationsDir, readMigrations } from '../../platform/db/migrations.ts'
import { diffAdapterFactory, PROVIDERS } from '../../platform/db/datamodel.ts'
import { CliError } from './errors.ts'

/** Keystone's artifacts entry, loaded by the caller when it must be the instance the config was built with. */
export type Artifacts = typeof import('@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts')

export const MIGRATION_NAME = /^[a-z0-9_]+$/

/** One past the highest number taken: numbers retired from a history with gaps (0012–0015 here) are not given out again. */
const nextMigrationNumber = (migrations: ReadonlyArray<{ name: string }>): number =>
  Math.max(0, ...migrations.map(migration => Number.parseInt(migration.name, 10)).filter(Number.isFinite)) + 1

/**
 * The Prisma schema Keystone prints for a config on one provider (Keystone's internal artifacts
 * entry: `@keystone-6/core` is a pinned peer). Providers differ beyond the datasource (PostgreSQL
 * gets JSON column defaults SQLite cannot have), so each is printed on its own; printing connects to nothing.
 */
export async function keystoneDatamodel (
  config: KeystoneConfig,
  provider: DatabaseProvider,
  { cwd = process.cwd(), artifacts }: { cwd?: string, artifacts?: Artifacts } = {},
): Promise<string> {
  // Keystone formats the schema with the Prisma CLI, which only checks that this file exists.
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath
  const { buildArtifacts, createSystem } = artifacts ?? await import('@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts')
  const { prisma } = await buildArtifacts(cwd, createSystem({ ...config, db: { ...config.db, provider } }))
  return prisma
}

/**
 * Writes the next migration for every provider under `migrations/<provider>/`: the WebAssembly
 * schema engine diffs the datamodel the last migration reached (`schema.prisma`) against `datamodel(provider)`.
 */
export async function generateMigrations (
  name: string,
  datamodel: (provider: DatabaseProvider) => Promise<string>,
  log: (line: string) => void = console.log,
  providers: readonly DatabaseProvider[] = PROVIDERS,
): Promise<void> {
  // Checked before any file is written: a run stopped halfway would leave one provider a migration ahead.
  if (providers.includes('postgresql') && !process.env.SVC_MIGRATIONS_PG_URL) {
    throw new CliError('set SVC_MIGRATIONS_PG_URL to a scratch PostgreSQL database to generate its migrations (or --provider sqlite for a site on SQLite alone)')
  }
  for (const provider of providers) {
    const snapshotPath = datamodelSnapshotPath(provider)
    const previous = existsSync(snapshotPath) ? await readFile(snapshotPath, 'utf8') : null
    const next = await datamodel(provider)
    const sql = await diffDatamodels(await diffAdapterFactory(provider), previous, next)
    if (!sql.trim() || /^-- This is an empty migration\.?\s*$/.test(sql.trim())) {
      log(`${provider}: no schema changes`)
      continue
    }
    await mkdir(migrationsDir(provider), { recursive: true })
    const number = String(nextMigrationNumber(await readMigrations(provider).catch(() => []))).padStart(4, '0')
    const file = path.join(migrationsDir(provider), `${number}_${name}.sql`)
    await writeFile(file, sql)
    await writeFile(snapshotPath, next)
    log(`${provider}: wrote ${path.relative(process.cwd(), file)}`)
  }
}
