/**
 * Seeding for bench/growth.ts by set-based SQL through the driver, not Prisma (whose `createMany`
 * ran at ~2,000 rows/s, too slow for a million rows): PostgreSQL `generate_series`, SQLite a
 * recursive CTE, each chunk one statement in one transaction. Leads are built in Node, because
 * their chains are hashed as the capture path hashes them (chain.ts), and inserted a chunk at a
 * time from one JSON parameter (`jsonb_to_recordset` / `json_each`).
 */
import Database from 'better-sqlite3'
import pg from 'pg'
import { sqliteFilePath, type DatabaseTarget } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { seededLead } from './seeded-lead.ts'

export type Tier = { name: string, audit: number, leads: number, deliveries: number, runs: number }

const CHUNK = 100_000
const LEAD_CHUNK = 5_000

const OPERATIONS = ['crm.list', 'leads.capture', 'audit.list', 'status.get', 'content_sources.update']
const CHANNELS = ['dispatch', 'read_form', 'route', 'mcp']
const RUN_STATUSES = ['success', 'skipped', 'failed', 'dry_run']
const DELIVERY_STATUSES = ['created', 'updated', 'unchanged', 'failed', 'held']
/** Seconds since the epoch of the oldest row: recent enough that no retention rule would remove one (the pruner is off anyway). */
const EPOCH_S = Math.floor(Date.now() / 1000) - 30 * 24 * 60 * 60

/** One statement against the tier's database, `sql` written once per dialect. */
type Exec = (sql: { pg: string, sqlite: string }, params: unknown[]) => Promise<void>

export type Seeder = {
  exec: Exec
  rows: <T>(sql: { pg: string, sqlite: string }, params: unknown[]) => Promise<T[]>
  count: (table: string) => Promise<number>
  close: () => Promise<void>
}

export async function openSeeder (database: DatabaseTarget): Promise<Seeder> {
  if (database.provider === 'postgresql') {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    return {
      exec: async (sql, params) => { await client.query(sql.pg, params) },
      rows: async <T>(sql: { pg: string }, params: unknown[]) => (await client.query(sql.pg, params)).rows as T[],
      count: async table => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n),
      close: () => client.end(),
    }
  }
  const db = new Database(sqliteFilePath(database.url))
  db.pragma('journal_mode = WAL')
  return {
    exec: async (sql, params) => { db.transaction(() => db.prepare(sql.sqlite).run(...params))() },
    rows: async <T>(sql: { sqlite: string }, params: unknown[]) => db.prepare(sql.sqlite).all(...params) as T[],
    count: async table => Number((db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n),
    close: async () => { db.close() },
  }
}

/**
 * SQLite's rows n = from … to, as PostgreSQL's generate_series($1, $2), and the remaining
 * parameters as the columns of one row `c` (a, b, epoch), since SQLite binds `?` in text order.
 */
const series = 'WITH RECURSIVE s(n) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT n + 1 FROM s WHERE n < ?), c(a, b, epoch) AS (SELECT ?, ?, ?)'
/** The element n % length of an array: a text[] parameter on PostgreSQL (indexed from 1), a JSON one on SQLite. */
const pick = (pgParam: string, sqliteColumn: string, length: number) => ({ pg: `(${pgParam}::text[])[n % ${length} + 1]`, sqlite: `json_extract(${sqliteColumn}, '$[' || (n % ${length}) || ']')` })
const sqliteTime = (secondsExpr: string) => `strftime('%Y-%m-%dT%H:%M:%f+00:00', ${secondsExpr}, 'unixepoch')`
const pgTime = (secondsExpr: string) => `(to_timestamp(${secondsExpr}) AT TIME ZONE 'UTC')`

async function topUp (label: string, have: number, want: number, chunk: number, insert: (from: number, to: number) => Promise<void>): Promise<void> {
  if (want <= have) return
  const started = performance.now()
  for (let from = have; from < want; from += chunk) await insert(from, Math.min(want, from + chunk) - 1)
  const seconds = (performance.now() - started) / 1000
  console.error(`[bench] seeded ${want - have} ${label} in ${seconds.toFixed(1)} s (${Math.round((want - have) / seconds)} rows/s)`)
}

function leadRows (from: number, to: number, epochMs: number, spacingMs: number) {
  const leads: unknown[] = []
  const events: unknown[] = []
  for (let n = from; n <= to; n++) {
    const lead = seededLead(n, epochMs, spacingMs)
    for (const event of lead.events) events.push({ ref: lead.ref, seq: event.seq, type: event.type, at: event.at.toISOString(), data: event.data, prev_hash: event.prevHash, hash: event.hash })
    leads.push({ ref: lead.ref, source: lead.source, email: lead.email, head_hash: lead.headHash, first_seen: lead.firstSeen.toISOString() })
  }
  return { leads, events }
}

/** SQLite's adapter stores a DateTime as ISO 8601 text with "+00:00". */
const sqliteIso = (expr: string) => `replace(${expr}, 'Z', '+00:00')`

/**
 * Leads n = from … to of seeded-lead.ts, each with its two chained events, in two statements (one
 * JSON parameter each). bench/growth.ts seeds with it, and the tests' ledgers (test/support/ledger-seed.ts).
 */
export async function insertLeads (exec: Exec, from: number, to: number, epochMs = EPOCH_S * 1000, spacingMs = 10_000): Promise<void> {
  const { leads, events } = leadRows(from, to, epochMs, spacingMs)
  await exec({
    pg: `INSERT INTO svc_leads (ref, source, email, status, "eventCount", "headHash", "firstSeen")
         SELECT ref, source, email, 'Contacted', 2, head_hash, first_seen::timestamp
         FROM jsonb_to_recordset($1::jsonb) AS x(ref text, source text, email text, head_hash text, first_seen text)`,
    sqlite: `INSERT INTO svc_leads (ref, source, email, status, "eventCount", "headHash", "firstSeen")
         SELECT value ->> 'ref', value ->> 'source', value ->> 'email', 'Contacted', 2, value ->> 'head_hash', ${sqliteIso("value ->> 'first_seen'")}
         FROM json_each(?)`,
  }, [JSON.stringify(leads)])
  await exec({
    pg: `INSERT INTO svc_lead_events (lead, seq, type, at, data, "prevHash", hash)
         SELECT l.id, x.seq, x.type, x.at::timestamp, x.data, x.prev_hash, x.hash
         FROM jsonb_to_recordset($1::jsonb) AS x(ref text, seq int, type text, at text, data jsonb, prev_hash text, hash text)
         JOIN svc_leads l ON l.ref = x.ref`,
    sqlite: `INSERT INTO svc_lead_events (lead, seq, type, at, data, "prevHash", hash)
         SELECT l.id, e.value ->> 'seq', e.value ->> 'type', ${sqliteIso("e.value ->> 'at'")}, json(e.value -> 'data'), e.value ->> 'prev_hash', e.value ->> 'hash'
         FROM json_each(?) AS e JOIN svc_leads l ON l.ref = e.value ->> 'ref'`,
  }, [JSON.stringify(events)])
}

/** Brings the database up to the tier's counts; rows already there are kept. */
export async function seedTier (database: DatabaseTarget, tier: Tier): Promise<void> {
  const seeder = await openSeeder(database)
  try {
    const { exec, count } = seeder
    const operation = pick('$3', 'c.a', OPERATIONS.length)
    await topUp('audit entries', await count('svc_audit_entries'), tier.audit, CHUNK, (from, to) => exec({
      pg: `INSERT INTO svc_audit_entries (at, operation, channel, mode, ok, changed, "durationMs", params, "requestId")
           SELECT ${pgTime('$5::bigint + n')}, ${operation.pg}, ($4::text[])[n % 7 % 4 + 1], 'api_key', n % 10 <> 0, n % 5 = 1, n % 40,
                  jsonb_build_object('n', n), 'req-' || n
           FROM generate_series($1::int, $2::int) AS n`,
      sqlite: `${series} INSERT INTO svc_audit_entries (at, operation, channel, mode, ok, changed, "durationMs", params, "requestId")
           SELECT ${sqliteTime('c.epoch + n')}, ${operation.sqlite}, json_extract(c.b, '$[' || (n % 7 % 4) || ']'), 'api_key', n % 10 <> 0, n % 5 = 1, n % 40,
                  json_object('n', n), 'req-' || n
           FROM s, c`,
    }, database.provider === 'postgresql'
      ? [from, to, OPERATIONS, CHANNELS, EPOCH_S]
      : [from, to, JSON.stringify(OPERATIONS), JSON.stringify(CHANNELS), EPOCH_S]))

    await topUp('leads (2 chained events each)', await count('svc_leads'), tier.leads, LEAD_CHUNK, (from, to) => insertLeads(exec, from, to))

    const status = pick('$3', 'c.a', DELIVERY_STATUSES.length)
    await topUp('deliveries', await count('svc_content_inbox'), tier.deliveries, CHUNK, (from, to) => exec({
      pg: `INSERT INTO svc_content_inbox ("sourceId", "webhookId", body, status, "postId", "receivedAt", "processedAt")
           SELECT 'source-' || (n % 20), 'w-' || n, json_build_object('title', 'Article ' || n, 'content', '<p>Body</p>')::text, ${status.pg},
                  CASE WHEN n % 5 IN (3, 4) THEN NULL ELSE (1 + n % 10000)::text END, ${pgTime('$4::bigint + n')}, ${pgTime('$4::bigint + n + 0.5')}
           FROM generate_series($1::int, $2::int) AS n`,
      sqlite: `${series} INSERT INTO svc_content_inbox ("sourceId", "webhookId", body, status, "postId", "receivedAt", "processedAt")
           SELECT 'source-' || (n % 20), 'w-' || n, json_object('title', 'Article ' || n, 'content', '<p>Body</p>'), ${status.sqlite},
                  CASE WHEN n % 5 IN (3, 4) THEN NULL ELSE CAST(1 + n % 10000 AS TEXT) END, ${sqliteTime('c.epoch + n')}, ${sqliteTime('c.epoch + n + 0.5')}
           FROM s, c`,
    }, database.provider === 'postgresql' ? [from, to, DELIVERY_STATUSES, EPOCH_S] : [from, to, JSON.stringify(DELIVERY_STATUSES), null, EPOCH_S]))

    const runStatus = pick('$3', 'c.a', RUN_STATUSES.length)
    await topUp('pipeline runs', await count('svc_pipeline_runs'), tier.runs, CHUNK, (from, to) => exec({
      pg: `INSERT INTO svc_pipeline_runs ("postId", "recipeId", status, "triggerKind", changed, "durationMs", "contentHash", stages, "createdAt")
           SELECT (1 + n % 10000)::text, CASE WHEN n % 3 = 0 THEN 'seo' ELSE 'default' END, ${runStatus.pg}, 'ingest', n % 2 = 0, 20 + n % 50, 'h' || n, '[]', ${pgTime('$4::bigint + n')}
           FROM generate_series($1::int, $2::int) AS n`,
      sqlite: `${series} INSERT INTO svc_pipeline_runs ("postId", "recipeId", status, "triggerKind", changed, "durationMs", "contentHash", stages, "createdAt")
           SELECT CAST(1 + n % 10000 AS TEXT), CASE WHEN n % 3 = 0 THEN 'seo' ELSE 'default' END, ${runStatus.sqlite}, 'ingest', n % 2 = 0, 20 + n % 50, 'h' || n, '[]', ${sqliteTime('c.epoch + n')}
           FROM s, c`,
    }, database.provider === 'postgresql' ? [from, to, RUN_STATUSES, EPOCH_S] : [from, to, JSON.stringify(RUN_STATUSES), null, EPOCH_S]))

    // What autovacuum does on a site that grew over months: statistics for the planner and the
    // visibility map that lets count(*) and other reads use index-only scans.
    if (database.provider === 'postgresql') {
      const started = performance.now()
      await exec({ pg: 'VACUUM (ANALYZE) svc_audit_entries, svc_leads, svc_lead_events, svc_content_inbox, svc_pipeline_runs', sqlite: '' }, [])
      console.error(`[bench] VACUUM (ANALYZE) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
  } finally {
    await seeder.close()
  }
}
