import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals'
import pg from 'pg'
import { createTestDatabase, testProvider, type TestDatabase } from './support/database.ts'
import { resolveDatabase } from '../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import { keptTotalStatement } from '../packages/control-plane/src/platform/audit/audit-total.ts'
import type { KeptFilters } from '../packages/control-plane/src/platform/audit/audit-filters.ts'

jest.setTimeout(180_000)

/** Enough rows that a sequential scan or a sort of every matching row costs more than an index walk. */
const ROWS = 100_000

const describeOnPostgres = testProvider === 'postgresql' ? describe : describe.skip

let database: TestDatabase
let client: pg.Client

/**
 * Each list's page queries as its operation sends them: the first page, a deep page by cursor, each
 * filter. (Their `total` is a count of the matching rows, linear in them whatever the index: see
 * docs/performance.md; audit.list's first page counts only the entries above its watermark, below.)
 */
const SHAPES: Record<string, string[]> = {
  'audit.list': [
    'SELECT * FROM svc_audit_entries ORDER BY id DESC LIMIT 21',
    'SELECT * FROM svc_audit_entries WHERE id < 40 ORDER BY id DESC LIMIT 21',
    `SELECT * FROM svc_audit_entries WHERE operation = 'crm.list' ORDER BY id DESC LIMIT 21`,
    `SELECT * FROM svc_audit_entries WHERE operation = 'crm.list' AND id < 400 ORDER BY id DESC LIMIT 21`,
    `SELECT * FROM svc_audit_entries WHERE channel = 'mcp' AND id < 400 ORDER BY id DESC LIMIT 21`,
    'SELECT * FROM svc_audit_entries WHERE ok = false AND id < 400 ORDER BY id DESC LIMIT 21',
    `SELECT * FROM svc_audit_entries WHERE "requestId" = 'req-77' ORDER BY id DESC LIMIT 21`,
    `SELECT * FROM svc_audit_entries WHERE at >= now() - interval '1 hour' ORDER BY id DESC LIMIT 21`,
    // The kept totals' watermark: the newest entry five minutes old.
    'SELECT id FROM svc_audit_entries WHERE at <= $1 ORDER BY at DESC, id DESC LIMIT 1',
  ],
  'leads.list': [
    'SELECT * FROM svc_leads ORDER BY "firstSeen" DESC, id DESC LIMIT 21',
    `SELECT * FROM svc_leads WHERE "firstSeen" <= $1 AND ("firstSeen" < $1 OR ("firstSeen" = $1 AND id < 40)) ORDER BY "firstSeen" DESC, id DESC LIMIT 21`,
    `SELECT * FROM svc_leads WHERE source = 'fair' ORDER BY "firstSeen" DESC, id DESC LIMIT 21`,
    `SELECT * FROM svc_leads WHERE source = 'fair' AND "firstSeen" <= $1 AND ("firstSeen" < $1 OR ("firstSeen" = $1 AND id < 40)) ORDER BY "firstSeen" DESC, id DESC LIMIT 21`,
    `SELECT * FROM svc_leads WHERE "firstSeen" >= now() - interval '1 hour' ORDER BY "firstSeen" DESC, id DESC LIMIT 21`,
  ],
  'pipelines.list_runs': [
    'SELECT * FROM svc_pipeline_runs WHERE id < 40 ORDER BY id DESC LIMIT 21',
    `SELECT * FROM svc_pipeline_runs WHERE "postId" = '77' ORDER BY id DESC LIMIT 21`,
    `SELECT * FROM svc_pipeline_runs WHERE "recipeId" = 'seo' AND id < 400 ORDER BY id DESC LIMIT 21`,
    `SELECT * FROM svc_pipeline_runs WHERE status = 'failed' AND id < 400 ORDER BY id DESC LIMIT 21`,
  ],
  'content_sources.list_deliveries': [
    'SELECT id, "sourceId", status FROM svc_content_inbox WHERE id < 40 ORDER BY id DESC LIMIT 21',
    `SELECT id, "sourceId", status FROM svc_content_inbox WHERE "sourceId" = 'source-3' AND id < 400 ORDER BY id DESC LIMIT 21`,
    `SELECT id, "sourceId", status FROM svc_content_inbox WHERE status = 'held' AND id < 400 ORDER BY id DESC LIMIT 21`,
  ],
  // The charts' reads (platform/tallies/read-tallies.ts): one range of the (series, bucket, dimension) index per series.
  'chart counts': [
    `SELECT series, bucket, dimension, count FROM svc_tallies WHERE series IN ('audit.hour.door') AND bucket >= '2026-01-01T00' AND bucket <= '2026-01-01T23' AND count <> 0`,
    `SELECT series, bucket, dimension, count FROM svc_tallies WHERE series IN ('leads.day.source') AND bucket >= '2026-01-01' AND bucket <= '2026-01-30' AND count <> 0`,
    `SELECT series, bucket, dimension, count FROM svc_tallies WHERE series IN ('webhooks.day.succeeded', 'webhooks.day.failed') AND bucket >= '2026-01-01' AND bucket <= '2026-01-07' AND count <> 0`,
  ],
  'leads.export': [
    `SELECT * FROM svc_lead_events WHERE lead IS NOT NULL AND at >= $1 AND (at > $1 OR (at = $1 AND id > 40)) ORDER BY at, id LIMIT 1001`,
    `SELECT * FROM svc_lead_events WHERE lead IS NOT NULL AND at >= now() - interval '1 hour' ORDER BY at, id LIMIT 1001`,
  ],
}

type PlanNode = { 'Node Type': string, 'Relation Name'?: string, 'Plan Rows': number, Plans?: PlanNode[] }

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)]

/** A sort of more rows than a page or two would mean the index does not give the order; a scan of the table, that it does not give the rows. */
const SORTED_ROWS_BOUND = 2000

function problemsOf (plan: PlanNode): string[] {
  return nodes(plan).flatMap(node => {
    if (node['Node Type'] === 'Seq Scan') return [`Seq Scan on ${node['Relation Name']}`]
    if (node['Node Type'] === 'Sort' && (node.Plans?.[0]?.['Plan Rows'] ?? 0) > SORTED_ROWS_BOUND) return [`Sort of ${node.Plans![0]!['Plan Rows']} rows`]
    return []
  })
}

/** audit.list's first-page total for each kept combination: the kept count (a small table) and an indexed count above the watermark. */
const KEPT_COMBINATIONS: KeptFilters[] = [{}, { operation: 'crm.list' }, { channel: 'mcp' }, { ok: false }, { operation: 'crm.list', channel: 'mcp', ok: true }]
const INDEX_READS = ['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']

describeOnPostgres(`PostgreSQL plans at ${ROWS} rows`, () => {
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrate(resolveDatabase(database.url))
    client = new pg.Client({ connectionString: database.url })
    await client.connect()
    await client.query(`INSERT INTO svc_audit_entries (at, operation, channel, mode, ok, "requestId")
      SELECT now() - g * interval '1 second', (ARRAY['crm.list','leads.capture','audit.list','status.get'])[1 + g % 4],
        (ARRAY['dispatch','read_form','route','mcp'])[1 + g % 7 % 4], 'api_key', g % 10 <> 0, 'req-' || g
      FROM generate_series(1, ${ROWS}) g`)
    await client.query(`INSERT INTO svc_leads (ref, source, "firstSeen")
      SELECT 'ref-' || g, (ARRAY['contact_form','fair','web'])[1 + g % 3], now() - (g / 2) * interval '1 minute' FROM generate_series(1, ${ROWS}) g`)
    await client.query(`INSERT INTO svc_lead_events (lead, seq, type, at, "prevHash", hash)
      SELECT id, 1, 'captured', "firstSeen", '', '' FROM svc_leads`)
    await client.query(`INSERT INTO svc_pipeline_runs ("postId", "recipeId", status, "triggerKind", "contentHash")
      SELECT (g % 5000)::text, (ARRAY['default','seo'])[1 + g % 2], (ARRAY['success','skipped','failed','dry_run'])[1 + g % 4], 'manual', ''
      FROM generate_series(1, ${ROWS}) g`)
    await client.query(`INSERT INTO svc_content_inbox ("sourceId", "webhookId", body, status)
      SELECT 'source-' || (g % 20), 'w' || g, '{}', (ARRAY['received','created','failed','held'])[1 + g % 4] FROM generate_series(1, ${ROWS}) g`)
    // The triggers kept the counts of the rows above; a site that ran for years holds many more periods.
    await client.query(`INSERT INTO svc_tallies (series, bucket, dimension, count)
      SELECT 'audit.hour.door', to_char(now() - (30 + g / 4) * interval '1 hour', 'YYYY-MM-DD"T"HH24'), (ARRAY['dispatch','read_form','route','mcp'])[1 + g % 4], 1
      FROM generate_series(0, ${ROWS} - 1) g ON CONFLICT DO NOTHING`)
    // As autovacuum would have left it: statistics and the visibility map.
    await client.query('VACUUM ANALYZE')
  })

  afterAll(async () => {
    await client?.end()
    await database?.drop()
  })

  for (const [list, shapes] of Object.entries(SHAPES)) {
    test(`every query shape of ${list} reads an index, never a sequential scan or a sort of many rows`, async () => {
      const old = (await client.query('SELECT "firstSeen" AS at FROM svc_leads ORDER BY id DESC LIMIT 1')).rows[0].at as Date
      for (const sql of shapes) {
        const params = sql.includes('$1') ? [old] : []
        const plan = (await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)).rows[0]['QUERY PLAN'][0].Plan as PlanNode
        expect({ sql, problems: problemsOf(plan), usesIndex: nodes(plan).some(node => /Index/.test(node['Node Type'])) })
          .toEqual({ sql, problems: [], usesIndex: true })
      }
    })
  }

  test('the entries above the watermark are counted from an index for every kept combination, never by a sequential scan', async () => {
    const watermark = ROWS - 1_000
    for (const filters of KEPT_COMBINATIONS) {
      const { sql, args } = keptTotalStatement('postgresql', filters, watermark)
      const plan = (await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, args)).rows[0]['QUERY PLAN'][0].Plan as PlanNode
      const onEntries = nodes(plan).filter(node => node['Relation Name'] === 'svc_audit_entries')
      // svc_kept_counts holds a few rows: a sequential scan of it is the cheapest read there is.
      expect({ filters, problems: problemsOf(plan).filter(problem => !problem.endsWith('svc_kept_counts')), readsEntries: onEntries.length, byIndex: onEntries.every(node => INDEX_READS.includes(node['Node Type'])) })
        .toEqual({ filters, problems: [], readsEntries: 1, byIndex: true })
    }
  })
})

// Jest needs one test in a file; on SQLite this one says why the rest is skipped.
test(`the index plans are checked on PostgreSQL (${testProvider === 'postgresql' ? 'running' : 'skipped on SQLite'})`, () => {
  expect(['sqlite', 'postgresql']).toContain(testProvider)
})
