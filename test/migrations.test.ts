import { describe, expect, test } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { PROVIDERS } from '../packages/control-plane/src/platform/db/datamodel.ts'
import { keystoneDatamodel } from '../scripts/lib/datamodel.ts'
import { datamodelSnapshotPath, readMigrations } from '../packages/control-plane/src/platform/db/migrations.ts'
import { resolveDatabase, sqliteFilePath, type DatabaseTarget } from '../packages/control-plane/src/platform/db/database-url.ts'
import type { Migration } from '../packages/control-plane/src/platform/db/migrations.ts'
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

  test('0024_tallies counts what the tables held before it (the audit log\'s last two days only)', async () => {
    const database = await createTestDatabase()
    try {
      const target = resolveDatabase(database.url)
      const earlier = (await readMigrations(target.provider)).filter(migration => migration.name < '0024')
      const sqlite = target.provider === 'sqlite'
      const at = (iso: string) => sqlite ? `'${iso}.000+00:00'` : `'${iso}'`
      const recently = sqlite ? `strftime('%Y-%m-%dT%H:%M:%S', 'now', '-1 hour')` : `now() AT TIME ZONE 'UTC' - interval '1 hour'`
      const longAgo = sqlite ? `strftime('%Y-%m-%dT%H:%M:%S', 'now', '-3 days')` : `now() AT TIME ZONE 'UTC' - interval '3 days'`
      await runSql(target, earlier, `
        INSERT INTO svc_leads (ref, source, status, "firstSeen") VALUES
          ('a', 'form', 'New', ${at('2026-03-10T01:00:00')}), ('b', 'form', 'Customer', ${at('2026-03-10T23:00:00')}), ('c', 'ads', 'New', ${at('2026-03-11T00:00:00')});
        INSERT INTO svc_pipeline_runs ("postId", "recipeId", status, "triggerKind", "createdAt") VALUES ('1', 'r', 'success', 'manual', ${at('2026-03-10T05:00:00')}), ('2', 'r', 'failed', 'manual', ${at('2026-03-10T06:00:00')});
        INSERT INTO svc_webhook_deliveries ("subscriptionId", "eventId", "eventType", status, at) VALUES ('wh_1', 'e', 't', 'succeeded', ${at('2026-03-10T05:00:00')}), ('wh_1', 'e', 't', 'failed', ${at('2026-03-10T05:00:00')});
        INSERT INTO svc_audit_entries (at, operation, channel, mode) VALUES (${recently}, 'x', 'route', 'session'), (${recently}, 'x', 'dispatch', 'api_key'), (${longAgo}, 'x', 'mcp', 'oauth');
        INSERT INTO svc_outbox_messages (topic, status, "createdAt") VALUES ('t', 'pending', ${at('2026-03-10T05:30:00')}), ('t', 'delivered', ${at('2026-03-10T05:30:00')});
      `)
      // 0024 and the migrations after it, which touch no tally.
      expect((await migrate(target)).applied).toEqual((await readMigrations(target.provider)).map(migration => migration.name).filter(name => name >= '0024'))
      const db = openPrisma(database.url)
      const tallies = await db.svcTally.findMany({ select: { series: true, bucket: true, dimension: true, count: true } })
      await db.$disconnect()
      const of = (series: string) => tallies.filter(row => row.series === series).map(row => [row.bucket, row.dimension, row.count]).sort()
      expect(of('leads.day.source')).toEqual([['2026-03-10', 'form', 2], ['2026-03-11', 'ads', 1]])
      expect(of('leads.status')).toEqual([['', 'Customer', 1], ['', 'New', 2]])
      expect(of('runs.day.status')).toEqual([['2026-03-10', 'failed', 1], ['2026-03-10', 'success', 1]])
      expect([...of('webhooks.day.succeeded'), ...of('webhooks.day.failed')]).toEqual([['2026-03-10', 'wh_1', 1], ['2026-03-10', 'wh_1', 1]])
      expect(of('audit.hour.door').map(([, door, count]) => [door, count]).sort()).toEqual([['admin_ui', 1], ['dispatch', 1]])
      expect(of('outbox.hour')).toEqual([['2026-03-10T05', 'entered', 1]])
    } finally {
      await database.drop()
    }
  })
})

/** Applies `migrations` by hand and records them as `migrate` does, then runs `sql`: a database as an earlier release left it. */
async function runSql (target: DatabaseTarget, migrations: Migration[], sql: string): Promise<void> {
  const ledger = 'CREATE TABLE "_svc_migrations" ("name" TEXT NOT NULL PRIMARY KEY, "checksum" TEXT NOT NULL, "applied_at" TEXT NOT NULL)'
  const recorded = migrations.map(migration => `('${migration.name}', '${migration.checksum}', '${new Date().toISOString()}')`).join(', ')
  const script = [ledger, ...migrations.map(migration => migration.sql), `INSERT INTO "_svc_migrations" VALUES ${recorded}`, sql].join(';\n')
  if (target.provider === 'sqlite') {
    const { default: Database } = await import('better-sqlite3')
    const db = new Database(sqliteFilePath(target.url))
    try { db.exec(script) } finally { db.close() }
    return
  }
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: target.url })
  await client.connect()
  try { await client.query(script) } finally { await client.end() }
}
