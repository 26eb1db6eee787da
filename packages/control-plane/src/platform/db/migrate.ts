import { mkdirSync } from 'node:fs'
import path from 'node:path'
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

const RECORD = 'INSERT INTO "_svc_migrations" (name, checksum, applied_at) VALUES'

// The drivers are optional peers, each loaded only for its provider: a SQLite site installs no `pg`.
async function migrateSqlite (url: string, migrations: Migration[]): Promise<MigrationReport> {
  const { default: Database } = await import('better-sqlite3')
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
        db.prepare(`${RECORD} (?, ?, ?)`).run(migration.name, migration.checksum, new Date().toISOString())
      }
      return { applied: pending.map(m => m.name), alreadyApplied: applied.length }
    })
    return run.immediate()
  } finally {
    db.close()
  }
}

/** Any fixed number works; it only has to be the same for every instance of this product. */
const MIGRATION_LOCK = 7_346_001

async function migratePostgres (url: string, migrations: Migration[]): Promise<MigrationReport> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // Instances starting together wait here, so each migration runs once.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await client.query(CREATE_LEDGER)
    const applied = (await client.query<AppliedRow>('SELECT name, checksum FROM "_svc_migrations"')).rows
    const pending = pendingMigrations(migrations, applied)
    for (const migration of pending) {
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query(`${RECORD} ($1, $2, $3)`, [migration.name, migration.checksum, new Date().toISOString()])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`)
      }
    }
    return { applied: pending.map(m => m.name), alreadyApplied: applied.length }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    await client.end()
  }
}

/** Applies every migration the database has not run yet, in order, each recorded in `_svc_migrations`. */
export async function migrate (target: DatabaseTarget): Promise<MigrationReport> {
  const migrations = await readMigrations(target.provider)
  if (target.provider === 'sqlite') return migrateSqlite(target.url, migrations)
  return migratePostgres(target.url, migrations)
}
