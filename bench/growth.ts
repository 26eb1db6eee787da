/**
 * `npm run bench:growth`: the cost of reading as the site grows. Seeds one database by bulk
 * insert in tiers and, at each tier, measures through real HTTP calls to the in-process host:
 *
 *   lists    the first and the last page of audit.list, leads.list, content_sources.list_deliveries
 *            and pipelines.list_runs, unfiltered and with a filter; the last page both by offset
 *            (`page`) and by keyset (`cursor`)
 *   export   GET {base}/leads/export.ndjson, the whole ledger: time and the growth of resident memory
 *   verify   leads.verify_all over every chain, and from its checkpoint
 *   status   status.get
 *
 * Latencies are p50/p99 over BENCH_ITERATIONS calls (default 40) after 3 warm-up calls; CPU is the
 * process's CPU time per call (host and client share the process; the client's share is small).
 *
 *   --sizes 1k,100k,1m   the tiers to reach, in order (default all three):
 *                        1k   = 1k audit, 1k leads (2 events each), 10k deliveries, 10k runs
 *                        100k = 100k audit, 100k leads, 100k deliveries, 10k runs
 *                        1m   = 1M audit, 100k leads, 100k deliveries, 10k runs
 *   DATABASE_URL         postgresql://… benchmarks that database; anything else a fresh SQLite file
 *
 * Writes the table to stdout and var/bench/growth-<provider>.json.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import path from 'node:path'
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import * as PrismaModule from '../generated/prisma/client.ts'
import { createHostConfig } from '../host/config.ts'
import { resolveDatabase, sqliteFilePath, type DatabaseTarget } from '../packages/control-plane/src/db/database-url.ts'
import { migrate } from '../packages/control-plane/src/db/migrate.ts'
import { controlPlaneRuntimeOf } from '../packages/control-plane/src/http/mount.ts'
import type { Db } from '../packages/control-plane/src/db/client.ts'
import { issueApiKey } from '../packages/control-plane/src/resources/api-keys/issue-key.ts'
import { eventHash, GENESIS_HASH } from '../packages/control-plane/src/resources/leads/chain.ts'
import { encodeCursor, type CursorKey } from '../packages/control-plane/src/lib/cursor.ts'
import { hashPassword } from '../schema/password-kdf.ts'
import { positiveInteger } from './lib/env.ts'

const ITERATIONS = positiveInteger('BENCH_ITERATIONS', 40)
const WARMUP = 3
const PER_PAGE = 20
const BATCH = 5000

type Tier = { name: string, audit: number, leads: number, deliveries: number, runs: number }
const TIERS: Record<string, Tier> = {
  '1k': { name: '1k', audit: 1_000, leads: 1_000, deliveries: 10_000, runs: 10_000 },
  '100k': { name: '100k', audit: 100_000, leads: 100_000, deliveries: 100_000, runs: 10_000 },
  '1m': { name: '1m', audit: 1_000_000, leads: 100_000, deliveries: 100_000, runs: 10_000 },
}

function tiersFromArgs (): Tier[] {
  const index = process.argv.indexOf('--sizes')
  const names = index === -1 ? Object.keys(TIERS) : (process.argv[index + 1] ?? '').split(',').map(name => name.trim().toLowerCase())
  return names.map(name => {
    const tier = TIERS[name]
    if (!tier) throw new Error(`--sizes takes ${Object.keys(TIERS).join(', ')}; got "${name}"`)
    return tier
  })
}

const cleanups: Array<() => Promise<unknown> | unknown> = []

function listen (server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}

// ---------------------------------------------------------------------------------------------
// Seeding, by bulk insert, up to each tier's counts.

const chunks = (total: number) => Array.from({ length: Math.ceil(total / BATCH) }, (_, i) => Math.min(BATCH, total - i * BATCH))

async function topUp (label: string, have: number, want: number, insert: (from: number, count: number) => Promise<unknown>): Promise<void> {
  if (want <= have) return
  const started = performance.now()
  let at = have
  for (const count of chunks(want - have)) {
    await insert(at, count)
    at += count
  }
  console.error(`[bench] seeded ${want - have} ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const OPERATIONS = ['crm.list', 'leads.capture', 'audit.list', 'status.get', 'content_sources.update']
const CHANNELS = ['dispatch', 'read_form', 'route', 'mcp']
const SOURCES = ['contact_form', 'fair', 'web']
const RUN_STATUSES = ['success', 'skipped', 'failed', 'dry_run']
const DELIVERY_STATUSES = ['created', 'updated', 'unchanged', 'failed', 'held']
/** Recent enough that no retention rule would remove a seeded row (the pruner is off in the benchmark anyway). */
const EPOCH = Date.now() - 20 * 24 * 60 * 60 * 1000

async function seed (db: Db, tier: Tier): Promise<void> {
  await topUp('audit entries', await db.svcAuditEntry.count(), tier.audit, (from, count) => db.svcAuditEntry.createMany({
    data: Array.from({ length: count }, (_, i) => {
      const n = from + i
      return {
        at: new Date(EPOCH + n * 1000), operation: OPERATIONS[n % OPERATIONS.length]!, channel: CHANNELS[n % 7 % 4]!, mode: 'api_key',
        ok: n % 10 !== 0, changed: n % 5 === 1, durationMs: n % 40, params: { n }, requestId: `req-${n}`,
      }
    }),
  }))
  await topUp('leads (2 chained events each)', await db.svcLead.count(), tier.leads, async (from, count) => {
    const leads = Array.from({ length: count }, (_, i) => {
      const n = from + i
      const ref = `L${String(n).padStart(8, '0')}`
      const firstSeen = new Date(EPOCH + n * 60_000)
      const events = [
        { seq: 1, type: 'captured', at: firstSeen, data: { source: SOURCES[n % 3], email: `lead-${n}@example.test` } },
        { seq: 2, type: 'status_changed', at: new Date(firstSeen.getTime() + 30_000), data: { from: 'New', to: 'Contacted' } },
      ]
      let prevHash = GENESIS_HASH
      const chained = events.map(event => {
        const hash = eventHash(prevHash, { lead: ref, ...event })
        const row = { ...event, prevHash, hash }
        prevHash = hash
        return row
      })
      return { lead: { ref, source: SOURCES[n % 3]!, email: `lead-${n}@example.test`, status: 'Contacted', eventCount: 2, headHash: prevHash, firstSeen }, chained }
    })
    const created = await db.svcLead.createManyAndReturn({ data: leads.map(entry => entry.lead), select: { id: true, ref: true } })
    const idOf = new Map(created.map(row => [row.ref, row.id]))
    await db.svcLeadEvent.createMany({ data: leads.flatMap(entry => entry.chained.map(event => ({ ...event, leadId: idOf.get(entry.lead.ref)! }))) })
  })
  await topUp('deliveries', await db.svcContentDelivery.count(), tier.deliveries, (from, count) => db.svcContentDelivery.createMany({
    data: Array.from({ length: count }, (_, i) => {
      const n = from + i
      const status = DELIVERY_STATUSES[n % DELIVERY_STATUSES.length]!
      return {
        sourceId: `source-${n % 20}`, webhookId: `w-${n}`, body: JSON.stringify({ title: `Article ${n}`, content: '<p>Body</p>' }),
        status, postId: status === 'failed' || status === 'held' ? null : String(1 + n % 10_000), receivedAt: new Date(EPOCH + n * 1000), processedAt: new Date(EPOCH + n * 1000 + 500),
      }
    }),
  }))
  await topUp('pipeline runs', await db.svcPipelineRun.count(), tier.runs, (from, count) => db.svcPipelineRun.createMany({
    data: Array.from({ length: count }, (_, i) => {
      const n = from + i
      return {
        postId: String(1 + n % 10_000), recipeId: n % 3 === 0 ? 'seo' : 'default', status: RUN_STATUSES[n % 4]!, triggerKind: 'ingest',
        changed: n % 2 === 0, durationMs: 20 + n % 50, contentHash: `h${n}`, stages: [], createdAt: new Date(EPOCH + n * 1000),
      }
    }),
  }))
}

// ---------------------------------------------------------------------------------------------
// The host, as bench/dispatch.ts starts it.

type Host = { baseUrl: string, db: Db, key: string }

async function startHost (database: DatabaseTarget): Promise<Host> {
  const config = createHostConfig({
    databaseUrl: database.url,
    sessionSecret: randomBytes(32).toString('base64'),
    controlPlane: {
      security: { encryptionKey: randomBytes(32).toString('hex') },
      varDir: 'var/bench',
      rateLimit: { points: 1_000_000_000, store: 'memory' },
      outbox: false,
      // Pruning while the tiers are measured would change what is measured.
      retention: { intervalMinutes: 0 },
    },
  })
  const context = getContext(config, PrismaModule)
  cleanups.push(() => context.prisma.$disconnect())
  await config.db.onConnect?.(context)
  const { expressServer, httpServer, apolloServer } = await createExpressServer(config, context)
  cleanups.push(() => apolloServer.stop())
  cleanups.push(() => controlPlaneRuntimeOf(expressServer)?.stop())
  const baseUrl = await listen(httpServer)
  cleanups.push(() => new Promise<void>(resolve => { httpServer.closeAllConnections(); httpServer.close(() => resolve()) }))
  const db = context.prisma as Db
  const account = await db.user.create({ data: { email: `bench-${randomUUID().slice(0, 8)}@example.test`, name: 'bench', role: 'administrator', password: await hashPassword(randomUUID()) } })
  const key = await issueApiKey(db, { accountId: account.id, label: 'bench', expiresAt: null }, new Date())
  return { baseUrl, db, key: key.key }
}

// ---------------------------------------------------------------------------------------------
// Measuring.

type Timing = { p50: number, p99: number, cpu: number }

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!

/** fetch, once more when a kept-alive connection was closed by the server meanwhile (after a long seeding). */
async function request (url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

async function dispatch (host: Host, resource: string, action: string, params: Record<string, unknown>): Promise<any> {
  const res = await request(`${host.baseUrl}/api/svc/v1/manage/dispatch`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.key}` }, body: JSON.stringify({ resource, action, params }),
  })
  const body = await res.json() as { ok: boolean, data: unknown, error: string | null }
  if (!body.ok) throw new Error(`${resource}.${action} ${JSON.stringify(params)} failed: ${body.error}`)
  return body.data
}

async function time (run: () => Promise<unknown>, iterations = ITERATIONS): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await run()
  const samples: number[] = []
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < iterations; i++) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  const cpu = process.cpuUsage(cpuBefore)
  samples.sort((a, b) => a - b)
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), cpu: (cpu.user + cpu.system) / 1000 / iterations }
}

type ListSpec = { name: string, resource: string, action: string, filter: Record<string, unknown>, lastCursor: (db: Db) => Promise<CursorKey | null> }

/** The key of the row just before the last page, so `cursor` reads exactly the last PER_PAGE rows. */
async function idBeforeOldest (rows: Array<{ id: number }>): Promise<CursorKey | null> {
  const row = rows[PER_PAGE]
  return row ? { id: row.id } : null
}

const LISTS: ListSpec[] = [
  { name: 'audit.list', resource: 'audit', action: 'list', filter: {}, lastCursor: async db => idBeforeOldest(await db.svcAuditEntry.findMany({ orderBy: { id: 'asc' }, take: PER_PAGE + 1, select: { id: true } })) },
  { name: 'audit.list operation', resource: 'audit', action: 'list', filter: { operation: 'crm.list' }, lastCursor: async db => idBeforeOldest(await db.svcAuditEntry.findMany({ where: { operation: 'crm.list' }, orderBy: { id: 'asc' }, take: PER_PAGE + 1, select: { id: true } })) },
  { name: 'leads.list', resource: 'leads', action: 'list', filter: {}, lastCursor: async db => { const row = (await db.svcLead.findMany({ orderBy: [{ firstSeen: 'asc' }, { id: 'asc' }], skip: PER_PAGE, take: 1 }))[0]; return row ? { at: row.firstSeen, id: row.id } : null } },
  { name: 'leads.list source', resource: 'leads', action: 'list', filter: { source: 'fair' }, lastCursor: async db => { const row = (await db.svcLead.findMany({ where: { source: 'fair' }, orderBy: [{ firstSeen: 'asc' }, { id: 'asc' }], skip: PER_PAGE, take: 1 }))[0]; return row ? { at: row.firstSeen, id: row.id } : null } },
  { name: 'list_deliveries', resource: 'content_sources', action: 'list_deliveries', filter: {}, lastCursor: async db => idBeforeOldest(await db.svcContentDelivery.findMany({ orderBy: { id: 'asc' }, take: PER_PAGE + 1, select: { id: true } })) },
  { name: 'list_deliveries source', resource: 'content_sources', action: 'list_deliveries', filter: { source_id: 'source-3' }, lastCursor: async db => idBeforeOldest(await db.svcContentDelivery.findMany({ where: { sourceId: 'source-3' }, orderBy: { id: 'asc' }, take: PER_PAGE + 1, select: { id: true } })) },
  { name: 'list_runs', resource: 'pipelines', action: 'list_runs', filter: {}, lastCursor: async db => idBeforeOldest(await db.svcPipelineRun.findMany({ orderBy: { id: 'asc' }, take: PER_PAGE + 1, select: { id: true } })) },
  { name: 'list_runs status', resource: 'pipelines', action: 'list_runs', filter: { status: 'failed' }, lastCursor: async db => idBeforeOldest(await db.svcPipelineRun.findMany({ where: { status: 'failed' }, orderBy: { id: 'asc' }, take: PER_PAGE + 1, select: { id: true } })) },
]

type Row = { tier: string, what: string, p50: number, p99: number, cpu: number, extra?: string }

async function measureTier (host: Host, tier: Tier): Promise<Row[]> {
  const rows: Row[] = []
  const push = (what: string, timing: Timing, extra?: string) => {
    rows.push({ tier: tier.name, what, ...timing, ...(extra === undefined ? {} : { extra }) })
    console.error(`[bench] ${tier.name} ${what}: p50 ${timing.p50.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms, cpu ${timing.cpu.toFixed(1)} ms${extra ? `, ${extra}` : ''}`)
  }
  for (const list of LISTS) {
    const first = await dispatch(host, list.resource, list.action, { ...list.filter, per_page: PER_PAGE }) as { total: number }
    push(`${list.name} first page`, await time(() => dispatch(host, list.resource, list.action, { ...list.filter, per_page: PER_PAGE })), `total ${first.total}`)
    const lastPage = Math.max(1, Math.ceil(first.total / PER_PAGE))
    push(`${list.name} last page (page=${lastPage})`, await time(() => dispatch(host, list.resource, list.action, { ...list.filter, per_page: PER_PAGE, page: lastPage })))
    const key = await list.lastCursor(host.db)
    if (key !== null) {
      const cursor = encodeCursor(key)
      push(`${list.name} last page (cursor)`, await time(() => dispatch(host, list.resource, list.action, { ...list.filter, per_page: PER_PAGE, cursor })))
    }
  }
  push('status.get', await time(() => dispatch(host, 'status', 'get', {})))

  // The export's memory: resident set sampled while the stream is read and thrown away.
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 10)
  let lines = 0
  const exportTiming = await time(async () => {
    const res = await request(`${host.baseUrl}/api/svc/v1/leads/export.ndjson`, { headers: { Authorization: `Bearer ${host.key}` } })
    if (!res.ok) throw new Error(`export answered ${res.status}`)
    lines = 0
    const reader = res.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      for (const byte of value) if (byte === 10) lines++
    }
  }, 3)
  clearInterval(sampler)
  push('leads.export (stream)', exportTiming, `${lines} rows, rss +${((peak - baseline) / 1024 / 1024).toFixed(0)} MiB`)

  let verified: { leads: number, events: number, ok: boolean } | undefined
  push('leads.verify_all', await time(async () => { verified = await dispatch(host, 'leads', 'verify_all', {}) }, 3), `${verified?.leads} leads, ${verified?.events} events, ok ${verified?.ok}`)
  push('leads.verify_all from_checkpoint', await time(() => dispatch(host, 'leads', 'verify_all', { from_checkpoint: true }), 10))
  return rows
}

function table (rows: Row[], provider: string): string {
  const lines = [`| ${provider} | tier | p50 ms | p99 ms | CPU ms/call | notes |`, '|---|---|---:|---:|---:|---|']
  for (const row of rows) lines.push(`| ${row.what} | ${row.tier} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.cpu.toFixed(1)} | ${row.extra ?? ''} |`)
  return lines.join('\n')
}

async function main (): Promise<void> {
  const tiers = tiersFromArgs()
  const configured = resolveDatabase(process.env.DATABASE_URL)
  const database: DatabaseTarget = configured.provider === 'postgresql' ? configured : { provider: 'sqlite', url: `file:./var/bench/growth-${randomUUID()}.db` }
  if (database.provider === 'sqlite') {
    const file = path.resolve(sqliteFilePath(database.url))
    await mkdir(path.dirname(file), { recursive: true })
    cleanups.push(() => Promise.all([file, `${file}-wal`, `${file}-shm`].map(name => rm(name, { force: true }))))
  }
  await migrate(database)
  const host = await startHost(database)
  const rows: Row[] = []
  for (const tier of tiers) {
    await seed(host.db, tier)
    rows.push(...await measureTier(host, tier))
  }
  const report = table(rows, database.provider)
  console.log(report)
  await mkdir('var/bench', { recursive: true })
  await writeFile(`var/bench/growth-${database.provider}.json`, JSON.stringify(rows, null, 2))
}

try {
  await main()
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  for (const step of cleanups.reverse()) await Promise.resolve().then(step).catch(error => console.error('[bench] cleanup failed:', error))
  process.exit()
}
