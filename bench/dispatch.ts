/**
 * `npm run bench`: requests per second of one authenticated dispatch (`crm.list`) against the
 * same read through Keystone GraphQL and through a bare express + driver route, all on one
 * freshly seeded database and the real in-process host. Next to req/s it reports the server's
 * CPU time per request (the load generator runs in a child process), which a busy machine
 * distorts far less than throughput.
 *
 *   BENCH_SECONDS   measured seconds per target (default 8), after every target got a warm-up
 *   DATABASE_URL    postgresql://… benchmarks that database; anything else uses a fresh SQLite
 *                   file under var/bench/ that is removed afterwards
 *
 * The process fails only on real errors (non-2xx responses, connection errors, wrong data),
 * never on the throughput target.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import { rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import Database from 'better-sqlite3'
import express from 'express'
import pg from 'pg'
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import * as PrismaModule from '../generated/prisma/client.ts'
import { createHostConfig } from '../host/config.ts'
import { resolveDatabase, sqliteFilePath, type DatabaseTarget } from '../src/db/database-url.ts'
import { migrate } from '../src/db/migrate.ts'
import { controlPlaneRuntimeOf } from '../src/http/mount.ts'
import type { Db } from '../src/db/client.ts'
import { hashPassword } from '../schema/password-kdf.ts'
import { issueApiKey } from '../src/resources/api-keys/issue-key.ts'
import { load, loadProblems, type LoadRequest, type LoadResult } from './lib/load.ts'
import { positiveInteger } from './lib/env.ts'

const CONNECTIONS = 10
const CRM_ROWS = 10
const WARMUP_REQUESTS = 500
const TARGET_RATIO = 1.5
const SECONDS = positiveInteger('BENCH_SECONDS', 8)

/** Anything that must be undone, newest first. */
const cleanups: Array<() => Promise<unknown> | unknown> = []

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

function listen (server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}

async function closeServer (server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve, reject) => server.close(error => error ? reject(error) : resolve()))
}

// ---------------------------------------------------------------------------------------------
// Database: PostgreSQL from DATABASE_URL, else a fresh SQLite file.

function benchDatabase (): DatabaseTarget {
  const configured = resolveDatabase(process.env.DATABASE_URL)
  if (configured.provider === 'postgresql') return configured
  return { provider: 'sqlite', url: `file:./var/bench/${randomUUID()}.db` }
}

type Seeded = { email: string, password: string, key: string }

/** Ten CRM rows and an administrator with an API key, written straight through Prisma. */
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

  const email = `bench-${randomUUID().slice(0, 8)}@example.test`
  const password = `pw-${randomUUID()}`
  const account = await db.user.create({
    data: { email, name: 'bench', role: 'administrator', password: await hashPassword(password) },
  })
  cleanups.push(async () => {
    await db.svcAuditEntry.deleteMany({ where: { actorId: account.id } })
    await db.svcApiKey.deleteMany({ where: { ownerId: account.id } })
    await db.user.delete({ where: { id: account.id } })
  })
  const key = await issueApiKey(db, { accountId: account.id, label: 'bench' }, new Date())
  return { email, password, key: key.key }
}

// ---------------------------------------------------------------------------------------------
// The host: Keystone's own express server with the control plane, as test/support/server.ts.

type Host = { baseUrl: string, db: Db }

async function startHost (database: DatabaseTarget): Promise<Host> {
  const config = createHostConfig({
    databaseUrl: database.url,
    sessionSecret: randomBytes(32).toString('base64'),
    controlPlane: { encryptionKey: randomBytes(32).toString('hex'), varDir: 'var/bench', rateLimit: false },
  })
  const context = getContext(config, PrismaModule)
  cleanups.push(() => context.prisma.$disconnect())
  await config.db.onConnect?.(context)
  const { expressServer, httpServer, apolloServer } = await createExpressServer(config, context)
  cleanups.push(() => apolloServer.stop())
  // The control plane's background work (the outbox worker) would keep the process alive.
  cleanups.push(() => controlPlaneRuntimeOf(expressServer)?.stop())
  const baseUrl = await listen(httpServer)
  cleanups.push(() => closeServer(httpServer))
  return { baseUrl, db: context.prisma as Db }
}

// ---------------------------------------------------------------------------------------------
// The raw baseline: express 5 and the database driver, nothing else.

const RAW_SQL = 'SELECT slot, name, url, "linkAdminOnly" FROM svc_crm_slots ORDER BY slot'

type RawRow = { slot: number, name: string, url: string | null, linkAdminOnly: boolean | number }

async function startRawBaseline (database: DatabaseTarget): Promise<string> {
  let readRows: () => Promise<RawRow[]> | RawRow[]
  if (database.provider === 'sqlite') {
    const sqlite = new Database(sqliteFilePath(database.url), { readonly: true })
    cleanups.push(() => sqlite.close())
    const statement = sqlite.prepare<[], RawRow>(RAW_SQL)
    readRows = () => statement.all()
  } else {
    const pool = new pg.Pool({ connectionString: database.url, max: CONNECTIONS })
    cleanups.push(() => pool.end())
    readRows = async () => (await pool.query<RawRow>({ name: 'bench-crm-list', text: RAW_SQL })).rows
  }
  const app = express()
  app.get('/crm', async (_req, res) => {
    const rows = await readRows()
    res.json({ crms: rows.map(row => ({ ...row, linkAdminOnly: Boolean(row.linkAdminOnly) })) })
  })
  const raw = createServer(app)
  const baseUrl = await listen(raw)
  cleanups.push(() => closeServer(raw))
  return baseUrl
}

// ---------------------------------------------------------------------------------------------
// Requests, and a one-off check that each target answers with the ten rows.

const GRAPHQL_LIST = '{ svcCrmSlots(orderBy: { slot: asc }) { name slot url linkAdminOnly } }'

const SIGN_IN = `mutation ($email: String!, $password: String!) {
  authenticateUserWithPassword(email: $email, password: $password) {
    ... on UserAuthenticationWithPasswordSuccess { item { id } }
    ... on UserAuthenticationWithPasswordFailure { message }
  }
}`

const json = { 'Content-Type': 'application/json' }

async function send (request: LoadRequest): Promise<unknown> {
  const res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body })
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

async function verifyDispatch (request: LoadRequest): Promise<void> {
  const body = await send(request) as { ok?: boolean, data?: { crms?: unknown } }
  if (body.ok !== true) throw new Error(`dispatch did not answer ok:true: ${JSON.stringify(body)}`)
  expectRows('dispatch', body.data?.crms, row => row.name)
}

async function verifyGraphql (request: LoadRequest): Promise<void> {
  const body = await send(request) as { data?: { svcCrmSlots?: unknown }, errors?: unknown }
  if (body.errors) throw new Error(`GraphQL answered errors: ${JSON.stringify(body.errors)}`)
  expectRows('GraphQL', body.data?.svcCrmSlots, row => row.name)
}

async function verifyRaw (request: LoadRequest): Promise<void> {
  const body = await send(request) as { crms?: unknown }
  expectRows('raw baseline', body.crms, row => row.name)
}

// ---------------------------------------------------------------------------------------------
// Measuring and reporting.

type Target = { label: string, request: LoadRequest, verify: (request: LoadRequest) => Promise<void> }
type Measurement = { label: string, result: LoadResult, cpuMsPerRequest: number }

/** A fixed number of requests, so the JIT has warmed up however busy the machine is. */
async function warmUp (target: Target): Promise<void> {
  await target.verify(target.request)
  const problems = loadProblems(await load(target.request, { connections: CONNECTIONS, requests: WARMUP_REQUESTS }))
  if (problems.length > 0) throw new Error(`${target.label} (warm-up): ${problems.join('; ')}`)
}

async function measure (target: Target): Promise<Measurement> {
  // The load generator runs in a child process, so this process's CPU time is the servers' own.
  const cpuBefore = process.cpuUsage()
  const result = await load(target.request, { connections: CONNECTIONS, seconds: SECONDS })
  const cpu = process.cpuUsage(cpuBefore)
  const problems = loadProblems(result)
  if (problems.length > 0) throw new Error(`${target.label}: ${problems.join('; ')}`)
  // A second check after the load: the answers stayed right under it.
  await target.verify(target.request)
  const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total)
  console.log(`[bench] ${target.label}: ${result.requests.average.toFixed(0)} req/s, ${cpuMsPerRequest.toFixed(2)} ms server CPU per request`)
  return { label: target.label, result, cpuMsPerRequest }
}

function printReport (database: DatabaseTarget, measurements: Measurement[], rawNote: string): void {
  const rows = measurements.map(({ label, result, cpuMsPerRequest }) => [
    label,
    result.requests.average.toFixed(1),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    String(result.requests.total),
    cpuMsPerRequest.toFixed(2),
  ])
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'server CPU ms/req']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map(row => row[column]!.length)))
  const line = (cells: string[]) => cells.map((cell, column) => column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)).join('  ')
  const find = (label: string) => measurements.find(m => m.label === label)
  const ratios = (a: Measurement, b: Measurement) =>
    `${(a.result.requests.average / b.result.requests.average).toFixed(2)}× by req/s, ${(b.cpuMsPerRequest / a.cpuMsPerRequest).toFixed(2)}× by server CPU per request`

  console.log('')
  console.log(`database: ${database.provider}${database.provider === 'sqlite' ? ` (${sqliteFilePath(database.url)})` : ''}`)
  console.log(`${CONNECTIONS} connections, ${SECONDS}s per target after ${WARMUP_REQUESTS} warm-up requests each, node ${process.version}`)
  console.log(rawNote)
  console.log('')
  console.log(line(header))
  console.log(line(widths.map(width => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))
  console.log('')
  const dispatch = find(LABELS.dispatch)
  const graphql = find(LABELS.graphql)
  const raw = find(LABELS.raw)
  if (dispatch && graphql) {
    const ratio = dispatch.result.requests.average / graphql.result.requests.average
    console.log(`dispatch / GraphQL: ${ratios(dispatch, graphql)}`)
    console.log(`target dispatch ≥ ${TARGET_RATIO}× GraphQL req/s: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`)
  }
  if (dispatch && raw) console.log(`dispatch / raw:     ${ratios(dispatch, raw)}`)
  const [load1] = loadavg()
  if (load1 !== undefined && load1 > availableParallelism() * 0.75) {
    console.log(`note: load average ${load1.toFixed(1)} on ${availableParallelism()} CPUs: other processes competed for the CPU, so req/s are low and noisy; the server CPU per request holds up better`)
  }
}

const LABELS = {
  dispatch: 'dispatch crm.list (API key)',
  graphql: 'GraphQL svcCrmSlots (session)',
  raw: 'raw express + driver',
} as const

async function main (): Promise<void> {
  const database = benchDatabase()
  const fresh = database.provider === 'sqlite'
  if (fresh) {
    const file = path.resolve(sqliteFilePath(database.url))
    cleanups.push(() => Promise.all([file, `${file}-wal`, `${file}-shm`].map(f => rm(f, { force: true }))))
  }
  await migrate(database)

  const host = await startHost(database)
  const seeded = await seed(host.db, fresh)
  const cookie = await sessionCookie(host.baseUrl, seeded)
  const rawBaseUrl = await startRawBaseline(database)

  const targets: Target[] = [
    {
      label: LABELS.dispatch,
      request: {
        url: `${host.baseUrl}/api/svc/v1/manage/dispatch`,
        method: 'POST',
        headers: { ...json, Authorization: `Bearer ${seeded.key}` },
        body: JSON.stringify({ resource: 'crm', action: 'list', params: {} }),
      },
      verify: verifyDispatch,
    },
    {
      label: LABELS.graphql,
      request: {
        url: `${host.baseUrl}/api/graphql`,
        method: 'POST',
        headers: { ...json, Cookie: cookie },
        body: JSON.stringify({ query: GRAPHQL_LIST }),
      },
      verify: verifyGraphql,
    },
    {
      label: LABELS.raw,
      request: { url: `${rawBaseUrl}/crm`, method: 'GET' },
      verify: verifyRaw,
    },
  ]

  console.log(`[bench] ${database.provider}, ${CONNECTIONS} connections, ${SECONDS}s per target`)
  for (const target of targets) await warmUp(target)
  const measurements: Measurement[] = []
  for (const target of targets) measurements.push(await measure(target))
  const rawNote = database.provider === 'postgresql'
    ? 'raw baseline: express 5 + pg Pool (no Prisma)'
    : 'raw baseline: express 5 + better-sqlite3 prepared statement (no Prisma)'
  printReport(database, measurements, rawNote)
}

try {
  await main()
} catch (error) {
  console.error('[bench] failed:', error)
  process.exitCode = 1
} finally {
  await cleanUp()
}
