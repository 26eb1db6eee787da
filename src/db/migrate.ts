import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { readMigrations, type Migration } from './migrations.ts'
import { sqliteFilePath, type DatabaseTarget } from './database-url.ts'

export type MigrationReport = { applied: string[], alreadyApplied: number }

type AppliedRow = { name: string, checksum: string }

/** Fails when a migration that already ran was edited since: history must not be rewritten. */
function pendingMigrations (migrations: Migration[], applied: AppliedRow[]): Migration[] {
  const ran = new Map(applied.map(row => [row.name, row.checksum]))
  for (const migration of migrations) {
    const recorded = ran.get(migration.name)
    if (recorded && recorded !== migration.checksum) {
      throw new Error(`migration ${migration.name} was edited after it was applied; add a new migration instead`)
    }
  }
  return migrations.filter(migration => !ran.has(migration.name))
}

const CREATE_LEDGER = `CREATE TABLE IF NOT EXISTS "_svc_migrations" (
  "name" TEXT NOT NULL PRIMARY KEY,
  "checksum" TEXT NOT NULL,
  "applied_at" TEXT NOT NULL
)`

function migrateSqlite (url: string, migrations: Migration[]): MigrationReport {
  const file = sqliteFilePath(url)
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    db.exec(CREATE_LEDGER)
    // BEGIN IMMEDIATE takes the write lock first, so two processes starting together apply each migration once.
    const run = db.transaction(() => {
      const applied = db.prepare('SELECT name, checksum FROM "_svc_migrations"').all() as AppliedRow[]
      const pending = pendingMigrations(migrations, applied)
      for (const migration of pending) {
        db.exec(migration.sql)
        db.prepare('INSERT INTO "_svc_migrations" (name, checksum, applied_at) VALUES (?, ?, ?)')
          .run(migration.name, migration.checksum, new Date().toISOString())
      }
      return { applied: pending.map(m => m.name), alreadyApplied: applied.length }
    })
    return run.immediate()
  } finally {
    db.close()
  }
}

/** Applies every migration the database has not run yet, in order, each recorded in `_svc_migrations`. */
export async function migrate (target: DatabaseTarget): Promise<MigrationReport> {
  const migrations = await readMigrations(target.provider)
  if (target.provider === 'sqlite') return migrateSqlite(target.url, migrations)
  throw new Error('PostgreSQL migrations are not built yet')
}
