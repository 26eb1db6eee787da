import { describe, expect, test } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import Database from 'better-sqlite3'
import { diffDatamodels } from '../src/db/schema-engine.ts'
import { datamodelFor, diffAdapterFactory } from '../src/db/datamodel.ts'
import { datamodelSnapshotPath } from '../src/db/migrations.ts'
import { migrate } from '../src/db/migrate.ts'

const tempDb = () => `file:./var/test/migrate-${randomUUID()}.db`

describe('migrations', () => {
  test('the SQLite migrations reach exactly the schema Keystone generates', async () => {
    const generated = datamodelFor(await readFile('schema.prisma', 'utf8'), 'sqlite')
    const migrated = await readFile(datamodelSnapshotPath('sqlite'), 'utf8')
    const drift = await diffDatamodels(await diffAdapterFactory('sqlite'), migrated, generated)
    expect(drift.replace(/^--.*$/gm, '').trim()).toBe('')
  })

  test('the PostgreSQL datamodel snapshot matches the SQLite one but for the provider', async () => {
    const sqlite = await readFile(datamodelSnapshotPath('sqlite'), 'utf8')
    const postgres = await readFile(datamodelSnapshotPath('postgresql'), 'utf8')
    expect(datamodelFor(sqlite, 'postgresql')).toBe(postgres)
  })

  test('apply in order once, record what ran, and are a no-op the second time', async () => {
    const url = tempDb()
    const first = await migrate({ provider: 'sqlite', url })
    expect(first.applied[0]).toBe('0001_init')
    const second = await migrate({ provider: 'sqlite', url })
    expect(second).toEqual({ applied: [], alreadyApplied: first.applied.length })
    const db = new Database(url.replace('file:', ''))
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row: any) => row.name)
    const ledger = db.prepare('SELECT name FROM "_svc_migrations" ORDER BY name').all().map((row: any) => row.name)
    db.close()
    expect(tables).toEqual(expect.arrayContaining(['User', 'svc_api_keys', 'svc_crm_slots', 'svc_audit_entries', 'svc_counters']))
    expect(ledger).toEqual(first.applied)
    await rm(url.replace('file:', ''), { force: true })
  })
})
