import { describe, expect, test } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { PROVIDERS } from '../packages/control-plane/src/platform/db/datamodel.ts'
import { keystoneDatamodel } from '../scripts/lib/datamodel.ts'
import { datamodelSnapshotPath, readMigrations } from '../packages/control-plane/src/platform/db/migrations.ts'
import { resolveDatabase } from '../packages/control-plane/src/platform/db/database-url.ts'
import { createTestDatabase, openPrisma, testProvider } from './support/database.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'

describe('migrations', () => {
  // Printing a provider's schema reads no database: the SQLite run checks both providers once.
  ;(testProvider === 'sqlite' ? test : test.skip).each(PROVIDERS)('the %s migrations reach exactly the schema Keystone prints', async provider => {
    expect(await readFile(datamodelSnapshotPath(provider), 'utf8')).toBe(await keystoneDatamodel(provider))
  })

  test('apply in order once, record what ran, and are a no-op the second time', async () => {
    const database = await createTestDatabase()
    try {
      const target = resolveDatabase(database.url)
      const first = await migrate(target)
      expect(first.applied).toEqual((await readMigrations(target.provider)).map(m => m.name))
      expect(first.applied[0]).toBe('0001_init')
      const second = await migrate(target)
      expect(second).toEqual({ applied: [], alreadyApplied: first.applied.length })
      const db = openPrisma(database.url)
      const ledger = await db.$queryRawUnsafe<Array<{ name: string }>>('SELECT name FROM "_svc_migrations" ORDER BY name')
      expect(ledger.map(row => row.name)).toEqual(first.applied)
      expect(await db.svcCrmSlot.count()).toBe(0)
      expect(await db.svcOutboxMessage.count()).toBe(0)
      await db.$disconnect()
    } finally {
      await database.drop()
    }
  })

  test('several instances migrating one database at once apply each migration once', async () => {
    const database = await createTestDatabase()
    try {
      const target = resolveDatabase(database.url)
      const reports = await Promise.all([migrate(target), migrate(target), migrate(target)])
      const applied = reports.flatMap(report => report.applied)
      expect(applied.sort()).toEqual((await readMigrations(target.provider)).map(m => m.name))
    } finally {
      await database.drop()
    }
  })
})
