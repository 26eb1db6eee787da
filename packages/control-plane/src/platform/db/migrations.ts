import { sha256Hex } from '../lib/sha256.ts'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { DatabaseProvider } from './database-url.ts'

export type Migration = { name: string, sql: string, checksum: string }

/**
 * `migrations/<provider>/` in the project root: numbered `.sql` files and the datamodel they reach.
 * Resolved from the working directory because Keystone bundles this module into CommonJS, where
 * `import.meta.url` does not exist; every entry point runs from the project root.
 */
const MIGRATIONS_ROOT = path.resolve('migrations')

export const migrationsDir = (provider: DatabaseProvider) => path.join(MIGRATIONS_ROOT, provider)

/** The Prisma datamodel the latest migration brings a database to; the base for the next diff. */
export const datamodelSnapshotPath = (provider: DatabaseProvider) => path.join(migrationsDir(provider), 'schema.prisma')

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/

function checksum (sql: string): string {
  return sha256Hex(sql)
}

export async function readMigrations (provider: DatabaseProvider): Promise<Migration[]> {
  const dir = migrationsDir(provider)
  const names = (await readdir(dir)).filter(name => MIGRATION_FILE.test(name)).sort()
  return Promise.all(names.map(async name => {
    const sql = await readFile(path.join(dir, name), 'utf8')
    return { name: name.replace(/\.sql$/, ''), sql, checksum: checksum(sql) }
  }))
}
