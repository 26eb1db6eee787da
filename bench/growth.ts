/**
 * `npm run bench:growth`: the cost of reading as the site grows. One database per tier, seeded by
 * set-based SQL (bench/support/growth-seed.ts), one host process per tier (bench/support/host-process.ts,
 * so the server's CPU and memory are its own), and every figure measured on all tiers in the same
 * time window: the calls alternate between the tiers (the order rotated each round), so the shared
 * machine's noise falls on every tier alike and the ratio largest ÷ smallest means something.
 *
 *   lists    the first and the last page of audit.list, leads.list, content_sources.list_deliveries
 *            and pipelines.list_runs, unfiltered and with a filter; the last page both by offset
 *            (`page`) and by keyset (`cursor`)
 *   status   status.get
 *   export   GET {base}/leads/export.ndjson, the whole ledger: time, and the server's peak resident
 *            memory while it streams (VmHWM, reset before the export) against its resident set before
 *   verify   leads.verify_all over every chain, and from its checkpoint
 *
 * p50 / p99 are the wall time of a call seen by the client; CPU is the server process's user +
 * system time per call (/proc/<pid>/stat over the interleaved block).
 *
 *   --sizes 1k,100k,1m   the tiers (default all three):
 *                        1k   = 1k audit, 1k leads (2 events each), 10k deliveries, 10k runs
 *                        100k = 100k audit, 100k leads, 100k deliveries, 10k runs
 *                        1m   = 1M audit, 100k leads, 100k deliveries, 10k runs
 *   --keep               keep the tiers' databases (SQLite var/bench/growth-<tier>.db, PostgreSQL
 *                        databases bench_growth_<tier>) and reuse them on the next run
 *   BENCH_ITERATIONS     calls per list figure and tier (default 100; the p99 of 100 calls is the second slowest)
 *   BENCH_ONLY           measure only the figures named (the table's first column): comma-separated
 *                        entries, a figure chosen when its name holds every space-separated word of
 *                        one, e.g. "audit.list first" (both first pages of audit.list) or
 *                        "status.get, leads.verify_all"; unset, every figure
 *   DATABASE_URL         postgresql://… creates the tiers' databases in that cluster; anything else SQLite files
 *
 * Writes the table to stdout and var/bench/growth-<provider>.json.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { resolveDatabase, sqliteFilePath, type DatabaseTarget } from '../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import { encodeCursor, type CursorKey } from '../packages/control-plane/src/platform/lib/cursor.ts'
import { chosenBy, positiveInteger } from './lib/env.ts'
import { runBench } from './lib/run.ts'
import { openSeeder, seedTier, type Seeder, type Tier } from './support/growth-seed.ts'
import type { HostProcessReady } from './support/host-process.ts'

const ITERATIONS = positiveInteger('BENCH_ITERATIONS', 100)
const WARMUP = 3
const PER_PAGE = 20
const KEEP = process.argv.includes('--keep')
const chosen = chosenBy('BENCH_ONLY')

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

const cleanups: Array<() => unknown> = []

// ---------------------------------------------------------------------------------------------
// One database per tier.

async function tierDatabase (base: DatabaseTarget, tier: Tier): Promise<DatabaseTarget> {
  if (base.provider === 'sqlite') {
    const file = path.resolve(`var/bench/growth-${tier.name}.db`)
    await mkdir(path.dirname(file), { recursive: true })
    if (!KEEP) {
      const remove = () => Promise.all([file, `${file}-wal`, `${file}-shm`].map(name => rm(name, { force: true })))
      await remove()
      cleanups.push(remove)
    }
    return { provider: 'sqlite', url: `file:${file}` }
  }
  const name = `bench_growth_${tier.name}`
  const admin = new pg.Client({ connectionString: base.url })
  await admin.connect()
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount
    if (exists && !KEEP) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
    if (!exists || !KEEP) await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  if (!KEEP) {
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: base.url })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end())
    })
  }
  const url = new URL(base.url)
  url.pathname = `/${name}`
  return { provider: 'postgresql', url: url.toString() }
}

// ---------------------------------------------------------------------------------------------
// The host of each tier, as a process of its own.

type Host = { tier: Tier, database: DatabaseTarget, child: ChildProcess, pid: number, baseUrl: string, key: string, seeder: Seeder }

async function startHostProcess (tier: Tier, database: DatabaseTarget): Promise<Host> {
  const child = fork(path.resolve('bench/support/host-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    // Production, as a site runs; it wants the secrets shared by its instances in the environment.
    env: { ...process.env, SVC_BENCH_DATABASE: JSON.stringify(database), NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('base64'), SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex') },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  cleanups.push(() => new Promise<void>(resolve => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.send('stop')
    setTimeout(() => { child.kill('SIGKILL') }, 10_000).unref()
  }))
  const ready = await new Promise<HostProcessReady>((resolve, reject) => {
    child.once('message', message => resolve(message as HostProcessReady))
    child.once('exit', code => reject(new Error(`the ${tier.name} host exited with ${code} before it was ready`)))
  })
  const seeder = await openSeeder(database)
  cleanups.push(() => seeder.close())
  return { tier, database, child, pid: child.pid!, ...ready, seeder }
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** The process's user + system CPU time in milliseconds. */
async function cpuMs (pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 of stat(5), utime and stime, counted from the state (field 3) here.
  return (Number(fields[11]) + Number(fields[12])) * 1000 / CLOCK_TICKS
}

async function memoryMiB (pid: number): Promise<{ rss: number, hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 }
}

// ---------------------------------------------------------------------------------------------
// Calls.

/** fetch, once more when a kept-alive connection was closed by the server meanwhile. */
async function request (url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

async function dispatch (host: Host, resource: string, action: string, params: Record<string, unknown>): Promise<unknown> {
  const res = await request(`${host.baseUrl}/api/svc/v1/manage/dispatch`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.key}` }, body: JSON.stringify({ resource, action, params }),
  })
  const body = await res.json() as { ok: boolean, data: unknown, error: string | null }
  if (!body.ok) throw new Error(`${host.tier.name} ${resource}.${action} ${JSON.stringify(params)} failed: ${body.error}`)
  return body.data
}

type Timing = { p50: number, p99: number, cpu: number }
type Row = { what: string, target: boolean, tiers: Record<string, Timing & { extra?: string }> }

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!

/**
 * Each host's own call, the hosts taken in turn (the first of each round rotating), after a
 * warm-up on each: wall time per call, and each server's CPU over its calls.
 */
async function interleaved (hosts: Host[], call: (host: Host) => Promise<unknown>, iterations = ITERATIONS, warmup = WARMUP): Promise<Timing[]> {
  for (const host of hosts) for (let i = 0; i < warmup; i++) await call(host)
  const samples = hosts.map(() => [] as number[])
  const cpuBefore = await Promise.all(hosts.map(host => cpuMs(host.pid)))
  for (let round = 0; round < iterations; round++) {
    for (let k = 0; k < hosts.length; k++) {
      const index = (round + k) % hosts.length
      const started = performance.now()
      await call(hosts[index]!)
      samples[index]!.push(performance.now() - started)
    }
  }
  const cpuAfter = await Promise.all(hosts.map(host => cpuMs(host.pid)))
  return samples.map((list, index) => {
    list.sort((a, b) => a - b)
    return { p50: quantile(list, 0.5), p99: quantile(list, 0.99), cpu: (cpuAfter[index]! - cpuBefore[index]!) / iterations }
  })
}

// ---------------------------------------------------------------------------------------------
// The lists, and the key of the row just before each one's last page (so `cursor` reads exactly its last PER_PAGE rows).

type Sql = { pg: string, sqlite: string }
type ListSpec = { name: string, resource: string, action: string, filter: Record<string, unknown>, lastKey: Sql, withTime?: boolean }

const byId = (table: string, where = '') => ({ pg: `SELECT id FROM ${table} ${where} ORDER BY id ASC LIMIT 1 OFFSET ${PER_PAGE}`, sqlite: `SELECT id FROM ${table} ${where} ORDER BY id ASC LIMIT 1 OFFSET ${PER_PAGE}` })
const byFirstSeen = (where = '') => ({
  pg: `SELECT to_char("firstSeen", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, id FROM svc_leads ${where} ORDER BY "firstSeen" ASC, id ASC LIMIT 1 OFFSET ${PER_PAGE}`,
  sqlite: `SELECT "firstSeen" AS at, id FROM svc_leads ${where} ORDER BY "firstSeen" ASC, id ASC LIMIT 1 OFFSET ${PER_PAGE}`,
})

const LISTS: ListSpec[] = [
  { name: 'audit.list', resource: 'audit', action: 'list', filter: {}, lastKey: byId('svc_audit_entries') },
  { name: 'audit.list operation', resource: 'audit', action: 'list', filter: { operation: 'crm.list' }, lastKey: byId('svc_audit_entries', `WHERE operation = 'crm.list'`) },
  { name: 'leads.list', resource: 'leads', action: 'list', filter: {}, lastKey: byFirstSeen(), withTime: true },
  { name: 'leads.list source', resource: 'leads', action: 'list', filter: { source: 'fair' }, lastKey: byFirstSeen(`WHERE source = 'fair'`), withTime: true },
  { name: 'list_deliveries', resource: 'content_sources', action: 'list_deliveries', filter: {}, lastKey: byId('svc_content_inbox') },
  { name: 'list_deliveries source', resource: 'content_sources', action: 'list_deliveries', filter: { source_id: 'source-3' }, lastKey: byId('svc_content_inbox', `WHERE "sourceId" = 'source-3'`) },
  { name: 'list_runs', resource: 'pipelines', action: 'list_runs', filter: {}, lastKey: byId('svc_pipeline_runs') },
  { name: 'list_runs status', resource: 'pipelines', action: 'list_runs', filter: { status: 'failed' }, lastKey: byId('svc_pipeline_runs', `WHERE status = 'failed'`) },
]

/** The cursor a client holds after walking the list to its last page: the row's key, and the total its first page counted. */
async function lastCursor (host: Host, list: ListSpec, total: number): Promise<string | null> {
  const row = (await host.seeder.rows<{ id: number, at?: string }>(list.lastKey, []))[0]
  if (!row) return null
  const key: CursorKey = list.withTime ? { id: Number(row.id), at: new Date(row.at!), total } : { id: Number(row.id), total }
  return encodeCursor(key)
}

async function measure (hosts: Host[]): Promise<Row[]> {
  const rows: Row[] = []
  const push = (what: string, target: boolean, timings: Timing[], extras: Array<string | undefined> = []) => {
    const tiers: Row['tiers'] = {}
    hosts.forEach((host, index) => { tiers[host.tier.name] = { ...timings[index]!, ...(extras[index] === undefined ? {} : { extra: extras[index] }) } })
    rows.push({ what, target, tiers })
    console.error(`[bench] ${what}: ${hosts.map((host, index) => `${host.tier.name} p50 ${timings[index]!.p50.toFixed(1)} / p99 ${timings[index]!.p99.toFixed(1)} ms, cpu ${timings[index]!.cpu.toFixed(1)} ms${extras[index] ? ` (${extras[index]})` : ''}`).join('; ')}`)
  }
  for (const list of LISTS) {
    const [first, byPage, byCursor] = ['first page', 'last page (page)', 'last page (cursor)'].map(figure => `${list.name} ${figure}`) as [string, string, string]
    if (![first, byPage, byCursor].some(chosen)) continue
    const params = { ...list.filter, per_page: PER_PAGE }
    const totals = await Promise.all(hosts.map(async host => (await dispatch(host, list.resource, list.action, params) as { total: number }).total))
    if (chosen(first)) push(first, true, await interleaved(hosts, host => dispatch(host, list.resource, list.action, params)), totals.map(total => `total ${total}`))
    const lastPages = totals.map(total => Math.max(1, Math.ceil(total / PER_PAGE)))
    if (chosen(byPage)) push(byPage, false, await interleaved(hosts, host => dispatch(host, list.resource, list.action, { ...params, page: lastPages[hosts.indexOf(host)] })), lastPages.map(page => `page ${page}`))
    const cursors = await Promise.all(hosts.map((host, index) => lastCursor(host, list, totals[index]!)))
    if (chosen(byCursor) && cursors.every(cursor => cursor !== null)) {
      push(byCursor, true, await interleaved(hosts, host => dispatch(host, list.resource, list.action, { ...params, cursor: cursors[hosts.indexOf(host)] })))
    }
  }
  if (chosen('status.get')) push('status.get', true, await interleaved(hosts, host => dispatch(host, 'status', 'get', {})))

  // The export and the verification are long: one tier at a time.
  const exportTimings: Timing[] = []
  const exportExtras: string[] = []
  for (const host of chosen('leads.export (stream)') ? hosts : []) {
    const before = await memoryMiB(host.pid)
    // Writing 5 to clear_refs resets the peak resident set (VmHWM) to the current one.
    await writeFile(`/proc/${host.pid}/clear_refs`, '5')
    let lines = 0
    const [timing] = await interleaved([host], async () => {
      const res = await request(`${host.baseUrl}/api/svc/v1/leads/export.ndjson`, { headers: { Authorization: `Bearer ${host.key}` } })
      if (!res.ok) throw new Error(`export answered ${res.status}`)
      lines = 0
      const reader = res.body!.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        for (const byte of value) if (byte === 10) lines++
      }
    }, 2, 1)
    const after = await memoryMiB(host.pid)
    exportTimings.push(timing!)
    exportExtras.push(`${lines} rows; server RSS ${before.rss.toFixed(0)} MiB before, peak ${after.hwm.toFixed(0)} MiB`)
  }
  if (exportTimings.length > 0) push('leads.export (stream)', false, exportTimings, exportExtras)

  const verifyTimings: Timing[] = []
  const verifyExtras: string[] = []
  for (const host of chosen('leads.verify_all') ? hosts : []) {
    let verified: { leads: number, events: number, ok: boolean } | undefined
    const [timing] = await interleaved([host], async () => { verified = await dispatch(host, 'leads', 'verify_all', {}) as typeof verified }, 3, 1)
    if (!verified?.ok) throw new Error(`${host.tier.name}: leads.verify_all answered ${JSON.stringify(verified)}`)
    verifyTimings.push(timing!)
    verifyExtras.push(`${verified.leads} leads, ${verified.events} events, ok`)
  }
  if (verifyTimings.length > 0) push('leads.verify_all', false, verifyTimings, verifyExtras)
  if (chosen('leads.verify_all from_checkpoint')) push('leads.verify_all from_checkpoint', false, await interleaved(hosts, host => dispatch(host, 'leads', 'verify_all', { from_checkpoint: true }), 10))
  return rows
}

function table (rows: Row[], hosts: Host[], provider: string): string {
  const names = hosts.map(host => host.tier.name)
  const smallest = names[0]!
  const largest = names[names.length - 1]!
  const lines = [
    `| ${provider} | ${names.map(name => `${name} p50 / p99 ms`).join(' | ')} | CPU ms/call ${names.join(' → ')} | p99 ${largest} ÷ ${smallest} | notes |`,
    `|---|${names.map(() => '---:|').join('')}---:|---:|---|`,
  ]
  for (const row of rows) {
    const ratio = row.tiers[largest]!.p99 / row.tiers[smallest]!.p99
    const verdict = row.target ? (ratio <= 2 ? ' (met)' : ' (**not met**)') : ''
    const notes = names.map(name => row.tiers[name]!.extra ? `${name}: ${row.tiers[name]!.extra}` : '').filter(Boolean).join('; ')
    lines.push(`| ${row.what} | ${names.map(name => `${row.tiers[name]!.p50.toFixed(1)} / ${row.tiers[name]!.p99.toFixed(1)}`).join(' | ')} | ${names.map(name => row.tiers[name]!.cpu.toFixed(1)).join(' → ')} | ${ratio.toFixed(2)}×${verdict} | ${notes} |`)
  }
  return lines.join('\n')
}

async function main (): Promise<void> {
  const tiers = tiersFromArgs()
  const base = resolveDatabase(process.env.DATABASE_URL)
  const provider = base.provider === 'postgresql' ? 'postgresql' : 'sqlite'
  const databases: DatabaseTarget[] = []
  for (const tier of tiers) {
    const database = await tierDatabase(base.provider === 'postgresql' ? base : { provider: 'sqlite', url: 'file:unused' }, tier)
    await migrate(database)
    await seedTier(database, tier)
    databases.push(database)
  }
  const hosts: Host[] = []
  for (const [index, tier] of tiers.entries()) hosts.push(await startHostProcess(tier, databases[index]!))
  console.error(`[bench] ${provider}: ${hosts.map(host => `${host.tier.name} (pid ${host.pid}${host.database.provider === 'sqlite' ? `, ${sqliteFilePath(host.database.url)}` : ''})`).join(', ')}; ${ITERATIONS} calls per list figure and tier, interleaved`)
  const rows = await measure(hosts)
  const report = table(rows, hosts, provider)
  console.log(report)
  await mkdir('var/bench', { recursive: true })
  await writeFile(`var/bench/growth-${provider}.json`, JSON.stringify({ iterations: ITERATIONS, tiers, rows }, null, 2))
}

await runBench(main, cleanups)
