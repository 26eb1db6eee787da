import { createServer, type Server } from 'node:http'
import Database from 'better-sqlite3'
import express from 'express'
import pg from 'pg'
import { sqliteFilePath, type DatabaseTarget } from '../../packages/control-plane/src/platform/db/database-url.ts'

/**
 * The bare baseline: express 5 and the database driver, nothing else. It reads what `crm.list`
 * reads and writes what `variables.set` writes (one statement, a prepared one on both drivers),
 * so the ratio to dispatch is the cost of everything a dispatch adds around the same work.
 */

const READ_SQL = 'SELECT slot, name, url, "linkAdminOnly" FROM svc_crm_slots ORDER BY slot'
const WRITE_SQL = {
  sqlite: 'UPDATE svc_variables SET "valueJson" = ?, "updatedAt" = ? WHERE name = ? RETURNING name, "valueJson", description, "updatedAt"',
  postgresql: 'UPDATE svc_variables SET "valueJson" = $1, "updatedAt" = $2 WHERE name = $3 RETURNING name, "valueJson", description, "updatedAt"',
}

type ReadRow = { slot: number, name: string, url: string | null, linkAdminOnly: boolean | number }
type WriteRow = { name: string, valueJson: string, description: string | null, updatedAt: string | number | Date }

type Driver = {
  read: () => Promise<ReadRow[]> | ReadRow[]
  write: (name: string, valueJson: string, now: Date) => Promise<WriteRow | undefined> | WriteRow | undefined
  close: () => Promise<void> | void
}

function sqliteDriver (url: string): Driver {
  const sqlite = new Database(sqliteFilePath(url))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  const read = sqlite.prepare<[], ReadRow>(READ_SQL)
  const write = sqlite.prepare<[string, string, string], WriteRow>(WRITE_SQL.sqlite)
  return {
    read: () => read.all(),
    // Prisma's adapter stores SQLite DATETIME as ISO 8601 text; the baseline writes the same.
    write: (name, valueJson, now) => write.get(valueJson, now.toISOString().replace('Z', '+00:00'), name),
    close: () => { sqlite.close() },
  }
}

function pgDriver (url: string, poolSize: number): Driver {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  return {
    read: async () => (await pool.query<ReadRow>({ name: 'bench-crm-list', text: READ_SQL })).rows,
    write: async (name, valueJson, now) =>
      (await pool.query<WriteRow>({ name: 'bench-variable-set', text: WRITE_SQL.postgresql, values: [valueJson, now, name] })).rows[0],
    close: () => pool.end(),
  }
}

export type RawBaseline = { server: Server, close: () => Promise<void> }

/** `GET /crm` reads the CRM rows; `POST /variables` with `{name, value}` replaces a variable's value. */
export function rawBaseline (database: DatabaseTarget, poolSize: number): RawBaseline {
  const driver = database.provider === 'sqlite' ? sqliteDriver(database.url) : pgDriver(database.url, poolSize)
  const app = express()
  app.get('/crm', async (_req, res) => {
    const rows = await driver.read()
    res.json({ crms: rows.map(row => ({ ...row, linkAdminOnly: Boolean(row.linkAdminOnly) })) })
  })
  app.post('/variables', express.json(), async (req, res) => {
    const { name, value } = req.body as { name: string, value: unknown }
    const row = await driver.write(name, JSON.stringify(value), new Date())
    if (!row) {
      res.status(404).json({ error: `no variable ${name}` })
      return
    }
    res.json({ variable: { name: row.name, value: JSON.parse(row.valueJson) as unknown, description: row.description, updated_at: new Date(row.updatedAt).toISOString() }, changed: true })
  })
  const server = createServer(app)
  return {
    server,
    close: async () => { await driver.close() },
  }
}
