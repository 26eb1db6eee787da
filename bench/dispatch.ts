/**
 * `npm run bench`: one authenticated dispatch against the same work done without the control
 * plane, on one freshly seeded database and the real in-process host, at 10 and 50 connections:
 *
 *   reads   dispatch `crm.list` (API key), Keystone GraphQL reading as many rows of a list of the
 *           same shape (`siteNotes`, the extension example's; session; the package's own tables
 *           have no GraphQL API), a bare express + driver route reading the CRM rows, and a bare route reading them through
 *           Prisma's query API (two queries, slots and counter)
 *   writes  dispatch `variables.set` (API key, a new value every request), the same on a second host
 *           on the same database with `changeSets: false` (what recording a call's change set
 *           costs a write, issue 54), a bare express + driver route doing the same UPDATE, and a
 *           bare route making the handler's Prisma calls
 *
 * The host runs with every default `npm start` sets on the provider (production mode; on
 * PostgreSQL the rate limit's database store and the audit's group commit), the rate limit raised
 * in points only, so it counts every call and never refuses. Next to req/s and p50/p99 latency it
 * reports the server's CPU time per request (the load generator runs in a child process), the
 * ratios the performance targets are stated in (docs/performance.md), and on PostgreSQL the
 * transactions committed per call (`pg_stat_database`). Each provider's figures are kept in
 * var/bench/dispatch-<provider>.json, so a run on one provider compares its throughput with the
 * other's last run.
 *
 *   BENCH_SECONDS   measured seconds per target and connection count (default 5), after every
 *                   target got a warm-up
 *   BENCH_ROUNDS    the seconds are cut into this many rounds (default 5), the targets taking turns
 *                   in each, so the shared machine's noise falls on all of them alike
 *   BENCH_ONLY      run only the targets whose label contains every word of one of these comma-separated entries
 *                   (e.g. "dispatch", to profile; "crm.list,GraphQL" for the read ratio)
 *   DATABASE_URL    postgresql://… benchmarks that database (the baseline then uses `pg`);
 *                   anything else uses a fresh SQLite file under var/bench/, removed afterwards
 *   BENCH_COMMIT_CALLS  calls per commit count on PostgreSQL (default 1000, at 10 connections)
 *
 * The process fails only on real errors (non-2xx responses, connection errors, wrong data, a
 * write that changed nothing), never on a target.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { sqliteFilePath, type DatabaseTarget } from '../packages/control-plane/src/platform/db/database-url.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'
import { benchDatabase, closeServer, createAdministrator, listen, servedAsNpmStart, startHost } from './support/host.ts'
import { load, loadProblems, type LoadRequest, type LoadResult } from './lib/load.ts'
import { siteNotesTable } from '../examples/site-notes/notes-table.ts'
import { chosenBy, positiveInteger } from './lib/env.ts'
import { rawBaseline } from './lib/raw-baseline.ts'
import { printReport, type Goal, type Measurement } from './lib/report.ts'
import { prismaBaseline } from './lib/prisma-baseline.ts'
import { commitCounter } from './lib/commit-count.ts'
import { switchableOtel } from './lib/switchable-otel.ts'

const CONNECTION_COUNTS = [10, 50]
/** Connections of the Prisma and `pg` pools alike (`pg`'s default). */
const POOL_SIZE = 10
const CRM_ROWS = 10
/** One variable per concurrent connection at most, so concurrent writes rarely meet on a row. */
const VARIABLES = Math.max(...CONNECTION_COUNTS)
const WARMUP_REQUESTS = 500
const SECONDS = positiveInteger('BENCH_SECONDS', 5)
const ROUNDS = positiveInteger('BENCH_ROUNDS', 5)
const COMMIT_CALLS = positiveInteger('BENCH_COMMIT_CALLS', 1000)
const chosen = chosenBy('BENCH_ONLY')
/** Off but for the targets measured with an OpenTelemetry SDK registered (`otel: true`). */
const telemetry = switchableOtel()

/** Anything that must be undone, newest first. */
const cleanups: Array<() => unknown> = []

async function cleanUp (): Promise<void> {
  for (const step of cleanups.reverse()) {
    try {
      await step()
    } catch (error) {
      console.error('[bench] cleanup step failed:', error)
      process.exitCode = 1
    }
  }
}

type Seeded = { email: string, password: string, key: string }

const VARIABLE_PREFIX = 'bench.slot_'
const variableName = (slot: number | '{{slot}}') => `${VARIABLE_PREFIX}${slot}`

/** Ten CRM rows, the variables the writes replace, and an administrator with an API key, written straight through Prisma. */
async function seed (db: Db, fresh: boolean): Promise<Seeded> {
  const existing = await db.svcCrmSlot.count()
  if (existing > 0) throw new Error(`svc_crm_slots already holds ${existing} rows; the benchmark needs it empty`)
  const slots = Array.from({ length: CRM_ROWS }, (_, index) => index + 1)
  await db.svcCrmSlot.createMany({
    data: slots.map(slot => ({
      slot,
      name: `Bench CRM ${slot}`,
      url: slot % 3 === 0 ? null : `https://crm-${slot}.example.test`,
      linkAdminOnly: slot % 2 === 0,
    })),
  })
  cleanups.push(() => db.svcCrmSlot.deleteMany({ where: { slot: { in: slots } } }))
  // A fresh database gets the crm_count high-water mark the dispatch path would have set;
  // a shared PostgreSQL database keeps its own.
  if (fresh) await db.svcCounter.create({ data: { key: 'crm_count', value: CRM_ROWS } })
  // The same rows in a Keystone list, for GraphQL to read.
  const notes = siteNotesTable(db)
  const { count: noteCount } = await notes.createMany({ data: slots.map(slot => ({ title: `Bench CRM ${slot}`, body: slot % 3 === 0 ? '' : `https://crm-${slot}.example.test`, pinned: slot % 2 === 0 })) })
  if (noteCount !== CRM_ROWS) throw new Error('the site notes were not seeded')
  cleanups.push(() => notes.deleteMany({ where: { title: { startsWith: 'Bench CRM ' } } }))

  const names = Array.from({ length: VARIABLES }, (_, index) => variableName(index + 1))
  await db.svcVariable.createMany({ data: names.map(name => ({ name, valueJson: '0' })) })
  cleanups.push(() => db.svcVariable.deleteMany({ where: { name: { in: names } } }))

  const admin = await createAdministrator(db)
  cleanups.push(async () => {
    await db.svcAuditEntry.deleteMany({ where: { actorId: admin.accountId } })
    await db.svcApiKey.deleteMany({ where: { ownerId: admin.accountId } })
    await db.user.delete({ where: { id: admin.accountId } })
  })
  return { email: admin.email, password: admin.password, key: admin.key }
}

async function startRawBaseline (database: DatabaseTarget): Promise<string> {
  const raw = rawBaseline(database, POOL_SIZE)
  cleanups.push(raw.close)
  const baseUrl = await listen(raw.server)
  cleanups.push(() => closeServer(raw.server))
  return baseUrl
}

async function startPrismaBaseline (db: Db): Promise<string> {
  const server = prismaBaseline(db)
  const baseUrl = await listen(server)
  cleanups.push(() => closeServer(server))
  return baseUrl
}

// ---------------------------------------------------------------------------------------------
// Requests, and a check, before and after the load, that each target answers what it should.

const GRAPHQL_LIST = '{ siteNotes(where: { title: { startsWith: "Bench CRM " } }, orderBy: { id: asc }) { title body pinned author } }'

const SIGN_IN = `mutation ($email: String!, $password: String!) {
  authenticateUserWithPassword(email: $email, password: $password) {
    ... on UserAuthenticationWithPasswordSuccess { item { id } }
    ... on UserAuthenticationWithPasswordFailure { message }
  }
}`

const json = { 'Content-Type': 'application/json' }

/** Sends one request as the load generator would (a write with its template filled in). */
async function send (request: LoadRequest): Promise<unknown> {
  const body = request.body?.replaceAll('{{seq}}', String(Date.now() * 1000 - 1)).replaceAll('{{slot}}', '1')
  const res = await fetch(request.url, { method: request.method, headers: request.headers, body })
  const text = await res.text()
  if (!res.ok) throw new Error(`${request.method} ${request.url} answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text)
}

/** Signs in over GraphQL and returns the `keystonejs-session` cookie it sets. */
async function sessionCookie (baseUrl: string, seeded: Seeded): Promise<string> {
  const res = await fetch(`${baseUrl}/api/graphql`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: SIGN_IN, variables: { email: seeded.email, password: seeded.password } }),
  })
  const body = await res.json() as { data?: { authenticateUserWithPassword?: { item?: { id: string }, message?: string } } }
  const result = body.data?.authenticateUserWithPassword
  if (!res.ok || !result?.item) throw new Error(`GraphQL sign-in failed (${res.status}): ${result?.message ?? JSON.stringify(body)}`)
  const cookie = res.headers.getSetCookie().map(header => header.split(';')[0]!).find(pair => pair.startsWith('keystonejs-session='))
  if (!cookie) throw new Error('GraphQL sign-in set no keystonejs-session cookie')
  return cookie
}

function expectRows (label: string, rows: unknown, pick: (row: Record<string, unknown>) => unknown): void {
  if (!Array.isArray(rows) || rows.length !== CRM_ROWS) {
    throw new Error(`${label} returned ${Array.isArray(rows) ? rows.length : 'no'} rows, expected ${CRM_ROWS}`)
  }
  const names = rows.map(row => pick(row as Record<string, unknown>))
  const expected = Array.from({ length: CRM_ROWS }, (_, index) => `Bench CRM ${index + 1}`)
  if (names.join('|') !== expected.join('|')) throw new Error(`${label} returned the wrong rows: ${names.join(', ')}`)
}

type Envelope = { ok?: boolean, data?: Record<string, unknown>, changed?: boolean }

async function verifyDispatchRead (request: LoadRequest): Promise<void> {
  const body = await send(request) as Envelope
  if (body.ok !== true) throw new Error(`dispatch did not answer ok:true: ${JSON.stringify(body)}`)
  expectRows('dispatch', body.data?.crms, row => row.name)
}

async function verifyGraphql (request: LoadRequest): Promise<void> {
  const body = await send(request) as { data?: { siteNotes?: unknown }, errors?: unknown }
  if (body.errors) throw new Error(`GraphQL answered errors: ${JSON.stringify(body.errors)}`)
  expectRows('GraphQL', body.data?.siteNotes, row => row.title)
}

async function verifyRawRead (request: LoadRequest): Promise<void> {
  const body = await send(request) as { crms?: unknown }
  expectRows('raw baseline', body.crms, row => row.name)
}

function expectWritten (label: string, body: { changed?: boolean }, record: Record<string, unknown> | undefined): void {
  if (body.changed !== true || record?.name !== variableName(1) || typeof record.value !== 'number') {
    throw new Error(`${label} did not write ${variableName(1)}: ${JSON.stringify(body)}`)
  }
}

async function verifyDispatchWrite (request: LoadRequest): Promise<void> {
  const body = await send(request) as Envelope
  if (body.ok !== true) throw new Error(`dispatch did not answer ok:true: ${JSON.stringify(body)}`)
  expectWritten('dispatch', body, body.data)
}

async function verifyRawWrite (request: LoadRequest): Promise<void> {
  const body = await send(request) as { variable?: Record<string, unknown>, changed?: boolean }
  expectWritten('raw baseline', body, body.variable)
}

// ---------------------------------------------------------------------------------------------
// Measuring.

/** `otel`: measured with an OpenTelemetry SDK and in-memory exporters registered, as a host that traces has them. */
type Target = { label: string, request: LoadRequest, verify: (request: LoadRequest) => Promise<void>, otel?: boolean }

/** A fixed number of requests, so the JIT has warmed up however busy the machine is. */
async function warmUp (target: Target): Promise<void> {
  telemetry.use(target.otel === true)
  await target.verify(target.request)
  if (target.otel && telemetry.spanCount() === 0) throw new Error(`${target.label}: the SDK recorded no span`)
  const problems = loadProblems(await load(target.request, { connections: CONNECTION_COUNTS[0]!, requests: WARMUP_REQUESTS }))
  if (problems.length > 0) throw new Error(`${target.label} (warm-up): ${problems.join('; ')}`)
}

/** One load of `seconds` on one target: its result and the server CPU it took. */
async function slice (target: Target, connections: number, seconds: number): Promise<{ result: LoadResult, cpuMs: number }> {
  // The load generator runs in a child process, so this process's CPU time is the servers' own.
  telemetry.use(target.otel === true)
  const cpuBefore = process.cpuUsage()
  const result = await load(target.request, { connections, seconds })
  const cpu = process.cpuUsage(cpuBefore)
  const problems = loadProblems(result)
  if (problems.length > 0) throw new Error(`${target.label} at ${connections} connections: ${problems.join('; ')}`)
  return { result, cpuMs: (cpu.user + cpu.system) / 1000 }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!

/**
 * Every target at one connection count, in ROUNDS rounds of SECONDS / ROUNDS each, the targets
 * taken in turn in every round, so that the shared machine's busy and quiet moments fall on all
 * of them alike. CPU per request is the sum over the rounds; req/s likewise; p50 and p99 are the
 * medians of the rounds' own.
 */
async function measureAll (targets: Target[], connections: number): Promise<Measurement[]> {
  const slices = new Map<Target, Array<{ result: LoadResult, cpuMs: number }>>(targets.map(target => [target, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) slices.get(target)!.push(await slice(target, connections, SECONDS / ROUNDS))
  }
  const measurements: Measurement[] = []
  for (const target of targets) {
    // A second check after the load: the answers stayed right under it.
    await target.verify(target.request)
    const parts = slices.get(target)!
    const total = parts.reduce((sum, part) => sum + part.result.requests.total, 0)
    const cpuMs = parts.reduce((sum, part) => sum + part.cpuMs, 0)
    const first = parts[0]!.result
    const result: LoadResult = {
      ...first,
      requests: { ...first.requests, total, average: total / SECONDS },
      latency: { ...first.latency, p50: median(parts.map(part => part.result.latency.p50)), p99: median(parts.map(part => part.result.latency.p99)) },
    }
    const cpuMsPerRequest = cpuMs / Math.max(1, total)
    console.log(`[bench] ${target.label}, ${connections} connections: ${result.requests.average.toFixed(0)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${cpuMsPerRequest.toFixed(3)} ms server CPU per request`)
    measurements.push({ label: target.label, connections, result, cpuMsPerRequest })
  }
  return measurements
}

const LABELS = {
  dispatchRead: 'dispatch crm.list',
  graphqlRead: 'GraphQL siteNotes',
  rawRead: 'bare route read',
  prismaRead: 'bare route read, Prisma',
  dispatchWrite: 'dispatch variables.set',
  dispatchWriteUnrecorded: 'dispatch variables.set, no change sets',
  dispatchReadTraced: 'dispatch crm.list, OTel SDK',
  dispatchWriteTraced: 'dispatch variables.set, OTel SDK',
  rawWrite: 'bare route write',
  prismaWrite: 'bare route write, Prisma',
} as const

/**
 * The targets of issue 18, by server CPU per request, each pair measured in the same run; and,
 * with no target, how close dispatch comes to the same Prisma calls behind a bare route.
 */
const GOALS: Goal[] = [
  { subject: LABELS.dispatchRead, baseline: LABELS.graphqlRead, atLeast: 3, by: 'rate' },
  { subject: LABELS.dispatchWrite, baseline: LABELS.graphqlRead, by: 'rate' },
  { subject: LABELS.dispatchRead, baseline: LABELS.rawRead, atLeast: 0.30 },
  { subject: LABELS.dispatchRead, baseline: LABELS.graphqlRead, atLeast: 3 },
  { subject: LABELS.dispatchWrite, baseline: LABELS.rawWrite, atLeast: 0.25 },
  { subject: LABELS.dispatchRead, baseline: LABELS.prismaRead },
  { subject: LABELS.dispatchWrite, baseline: LABELS.prismaWrite },
  // What a host that registers an OpenTelemetry SDK pays for the spans and metrics (docs/observability.md).
  { subject: LABELS.dispatchReadTraced, baseline: LABELS.dispatchRead },
  { subject: LABELS.dispatchWriteTraced, baseline: LABELS.dispatchWrite },
  // Issue 54: a change set costs a write one read before its update, and must keep writes within 15 %.
  { subject: LABELS.dispatchWrite, baseline: LABELS.dispatchWriteUnrecorded, atLeast: 0.85 },
]

/** Committed transactions per call of each dispatch target and of GraphQL, on PostgreSQL. */
async function commitsPerCall (database: DatabaseTarget, targets: Target[]): Promise<string[]> {
  if (database.provider !== 'postgresql') return []
  const counted = targets.filter(target => [LABELS.dispatchRead, LABELS.graphqlRead, LABELS.dispatchWrite].includes(target.label as never))
  if (counted.length === 0) return []
  const counter = await commitCounter(database.url)
  const lines = ['', `committed transactions per call (pg_stat_database xact_commit over ${COMMIT_CALLS} calls at ${CONNECTION_COUNTS[0]} connections, less the idle rate):`]
  try {
    for (const target of counted) {
      let calls = 0
      const perCall = await counter.perCall(COMMIT_CALLS, async () => {
        const result = await load(target.request, { connections: CONNECTION_COUNTS[0]!, requests: COMMIT_CALLS })
        const problems = loadProblems(result)
        if (problems.length > 0) throw new Error(`${target.label} (commit count): ${problems.join('; ')}`)
        calls = result.requests.total
      })
      const line = `  ${target.label}: ${(perCall * COMMIT_CALLS / Math.max(1, calls)).toFixed(2)} commits per call`
      console.log(`[bench]${line}`)
      lines.push(line)
    }
  } finally {
    await counter.close()
  }
  return lines
}

type KeptRun = { provider: string, at: string, load: number[], measurements: Array<{ label: string, connections: number, rate: number }> }

const keptRunFile = (provider: string) => `var/bench/dispatch-${provider}.json`

/**
 * Keeps this run's throughput and compares it with the other provider's last run: the ratio of
 * PostgreSQL to SQLite dispatch is taken between two runs, since one process holds the Prisma
 * client of one provider only.
 */
async function compareWithOtherProvider (provider: string, measurements: Measurement[]): Promise<string[]> {
  const kept: KeptRun = {
    provider,
    at: new Date().toISOString(),
    load: loadavg(),
    measurements: measurements.map(m => ({ label: m.label, connections: m.connections, rate: m.result.requests.average })),
  }
  await mkdir('var/bench', { recursive: true })
  await writeFile(keptRunFile(provider), JSON.stringify(kept, null, 2) + '\n')
  const other = provider === 'postgresql' ? 'sqlite' : 'postgresql'
  let previous: KeptRun
  try {
    previous = JSON.parse(await readFile(keptRunFile(other), 'utf8')) as KeptRun
  } catch {
    return []
  }
  const [pg, sqlite] = provider === 'postgresql' ? [kept, previous] : [previous, kept]
  const lines = ['', `PostgreSQL / SQLite by req/s (SQLite run at ${sqlite.at}, PostgreSQL run at ${pg.at}):`]
  for (const label of [LABELS.dispatchRead, LABELS.dispatchWrite]) {
    for (const connections of CONNECTION_COUNTS) {
      const a = pg.measurements.find(m => m.label === label && m.connections === connections)
      const b = sqlite.measurements.find(m => m.label === label && m.connections === connections)
      if (!a || !b) continue
      const ratio = a.rate / b.rate
      const target = label === LABELS.dispatchRead ? `  (target ≥ 0.5×: ${ratio >= 0.5 ? 'met' : 'NOT met'})` : ''
      lines.push(`${connections} conns  ${label}: ${a.rate.toFixed(0)} / ${b.rate.toFixed(0)} req/s = ${ratio.toFixed(2)}×${target}`)
    }
  }
  return lines
}

async function main (): Promise<void> {
  servedAsNpmStart()
  const { database, fresh } = await benchDatabase(cleanups)

  const host = await startHost(database)
  cleanups.push(host.stop)
  // The same site served without change sets, on the same database, for the write it saves.
  const unrecorded = await startHost(database, { controlPlane: { changeSets: false } })
  cleanups.push(unrecorded.stop)
  const seeded = await seed(host.db, fresh)
  const cookie = await sessionCookie(host.baseUrl, seeded)
  const rawBaseUrl = await startRawBaseline(database)
  const prismaBaseUrl = await startPrismaBaseline(host.db)
  const dispatchUrl = `${host.baseUrl}/api/svc/v1/manage/dispatch`
  const withKey = { ...json, Authorization: `Bearer ${seeded.key}` }
  const writes = { slots: VARIABLES }
  const bareWriteBody = JSON.stringify({ name: variableName('{{slot}}'), value: '{{seq}}' }).replace('"{{seq}}"', '{{seq}}')

  const dispatchRead: Target = {
    label: LABELS.dispatchRead,
    request: { url: dispatchUrl, method: 'POST', headers: withKey, body: JSON.stringify({ resource: 'crm', action: 'list', params: {} }) },
    verify: verifyDispatchRead,
  }
  const dispatchWrite: Target = {
    label: LABELS.dispatchWrite,
    request: {
      url: dispatchUrl,
      method: 'POST',
      headers: withKey,
      body: JSON.stringify({ resource: 'variables', action: 'set', params: { name: variableName('{{slot}}'), value: '{{seq}}' } }).replace('"{{seq}}"', '{{seq}}'),
      writes,
    },
    verify: verifyDispatchWrite,
  }
  const allTargets: Target[] = [
    dispatchRead,
    { ...dispatchRead, label: LABELS.dispatchReadTraced, otel: true },
    {
      label: LABELS.graphqlRead,
      request: { url: `${host.baseUrl}/api/graphql`, method: 'POST', headers: { ...json, Cookie: cookie }, body: JSON.stringify({ query: GRAPHQL_LIST }) },
      verify: verifyGraphql,
    },
    { label: LABELS.rawRead, request: { url: `${rawBaseUrl}/crm`, method: 'GET' }, verify: verifyRawRead },
    { label: LABELS.prismaRead, request: { url: `${prismaBaseUrl}/crm`, method: 'GET' }, verify: verifyRawRead },
    dispatchWrite,
    { ...dispatchWrite, label: LABELS.dispatchWriteUnrecorded, request: { ...dispatchWrite.request, url: `${unrecorded.baseUrl}/api/svc/v1/manage/dispatch` } },
    { ...dispatchWrite, label: LABELS.dispatchWriteTraced, otel: true },
    {
      label: LABELS.rawWrite,
      request: { url: `${rawBaseUrl}/variables`, method: 'POST', headers: json, body: bareWriteBody, writes },
      verify: verifyRawWrite,
    },
    {
      label: LABELS.prismaWrite,
      request: { url: `${prismaBaseUrl}/variables`, method: 'POST', headers: json, body: bareWriteBody, writes },
      verify: verifyRawWrite,
    },
  ]
  const targets = allTargets.filter(target => chosen(target.label))

  console.log(`[bench] ${database.provider}, ${CONNECTION_COUNTS.join(' and ')} connections, ${SECONDS}s per target, NODE_ENV=${process.env.NODE_ENV}, ` +
    `load average ${loadavg().map(value => value.toFixed(2)).join(' / ')} at the start`)
  for (const target of targets) await warmUp(target)
  const measurements: Measurement[] = []
  for (const connections of CONNECTION_COUNTS) measurements.push(...await measureAll(targets, connections))
  const commits = await commitsPerCall(database, targets)
  const comparison = await compareWithOtherProvider(database.provider, measurements)
  const baseline = database.provider === 'postgresql' ? 'express 5 + pg Pool, named prepared statements' : 'express 5 + better-sqlite3 prepared statements'
  printReport([
    `database: ${database.provider}${database.provider === 'sqlite' ? ` (${sqliteFilePath(database.url)})` : ''}, node ${process.version}`,
    `${SECONDS}s per target and connection count in ${ROUNDS} interleaved rounds, after ${WARMUP_REQUESTS} warm-up requests each; pools of ${POOL_SIZE} connections`,
    `bare route: ${baseline}, no Prisma; "bare route …, Prisma": the handlers' own Prisma calls behind express`,
    'CPU ms/req: the server process\'s user + system CPU time per completed request (the load generator runs apart)',
    `host: npm start's defaults for ${database.provider} (rate limit store ${database.provider === 'postgresql' ? 'database' : 'memory'}), the rate limit's points raised so it never refuses`,
  ], measurements, GOALS, [...commits, ...comparison])
}

try {
  await main()
} catch (error) {
  console.error('[bench] failed:', error)
  process.exitCode = 1
} finally {
  await cleanUp()
  await telemetry.shutdown()
}
