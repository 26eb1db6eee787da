import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DatabaseProvider } from './database-url.ts'

export type Migration = { name: string, sql: string, checksum: string }

/** `migrations/<provider>/` beside the project root: numbered `.sql` files and the datamodel they reach. */
export const MIGRATIONS_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations')

export const migrationsDir = (provider: DatabaseProvider) => path.join(MIGRATIONS_ROOT, provider)

/** The Prisma datamodel the latest migration brings a database to; the base for the next diff. */
export const datamodelSnapshotPath = (provider: DatabaseProvider) => path.join(migrationsDir(provider), 'schema.prisma')

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/

export function checksum (sql: string): string {
  return createHash('sha256').update(sql).digest('hex')
}

export async function readMigrations (provider: DatabaseProvider): Promise<Migration[]> {
  const dir = migrationsDir(provider)
  const names = (await readdir(dir)).filter(name => MIGRATION_FILE.test(name)).sort()
  return Promise.all(names.map(async name => {
    const sql = await readFile(path.join(dir, name), 'utf8')
    return { name: name.replace(/\.sql$/, ''), sql, checksum: checksum(sql) }
  }))
}
