/** The fault run itself; `run.ts` builds first, since the generated Prisma client it imports depends on the database. */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createTestDatabase, openPrisma, testProvider } from '../support/database.ts'
import { createAccount } from '../support/accounts.ts'
import { startBalancer } from './balancer.ts'
import { Instance } from './instances.ts'
import { freePort } from '../support/loopback-peer.ts'
import { startForwardReceiver } from './receiver.ts'
import { seededRandom } from './random.ts'
import { injectFaults } from './faults.ts'
import { BASE, runLoad, type Source } from './load.ts'
import { send, sleep } from './http.ts'
import { checkRecords } from './checks.ts'
import { standardHeaders } from '../support/webhooks.ts'
import { TakeoverWatch, type Takeover } from './takeover.ts'

const { values: args } = parseArgs({ options: { seed: { type: 'string' }, duration: { type: 'string' }, faults: { type: 'string' } } })
const seed = args.seed === undefined ? randomBytes(4).readUInt32BE() : Number(args.seed)
const durationMs = Number(args.duration ?? 120) * 1000
const faultCount = Number(args.faults ?? 22)
/** The outbox's default lease: a claim older than this plus some slack was left by a dead instance. */
const LEASE_MS = 4_000
const LEASE_SLACK_MS = 30_000
/** A killed instance's claimed messages and jobs are taken up by the other instance within this long. */
const TAKEOVER_LIMIT_MS = 10_000
const DRAIN_LIMIT_MS = 180_000
const LOG_DIR = 'var/faults'

const began = Date.now()
const seconds = (ms: number | null) => ms === null ? null : Number.isFinite(ms) ? Math.round(ms / 100) / 10 : 'never'
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(0)}s`
const say = (line: string) => console.log(`[faults] ${line}`)
const pgRestart = testProvider === 'postgresql' ? process.env.PG_RESTART_COMMAND : undefined
say(`seed ${seed} (replay with --seed ${seed}); ${testProvider}; load ${durationMs / 1000}s; ${faultCount} faults${testProvider === 'postgresql' && !pgRestart ? '; no PG_RESTART_COMMAND, so no PostgreSQL restarts' : ''}`)

mkdirSync(LOG_DIR, { recursive: true })
const database = await createTestDatabase()
const ports = [await freePort(), await freePort()]
const balancer = await startBalancer(ports)
const receiver = await startForwardReceiver()
const admin = { email: 'faults-admin@example.test', password: `pw-${randomBytes(12).toString('hex')}` }
const env: NodeJS.ProcessEnv = {
  DATABASE_URL: database.url,
  HOST: '127.0.0.1',
  SITE_URL: balancer.url,
  SESSION_SECRET: randomBytes(32).toString('base64'),
  SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SVC_ADMIN_EMAIL: admin.email,
  SVC_ADMIN_PASSWORD: admin.password,
  SVC_VAR_DIR: LOG_DIR,
  SVC_OUTBOUND_ALLOW: '127.0.0.1',
  SVC_MAX_CRM_SYSTEMS: '999',
  // One client (the load) behind one balancer address: the per-client limits would measure the load, not the faults.
  SVC_RATE_LIMIT_PER_MINUTE: '100000',
  SVC_INGEST_RATE_LIMIT_PER_MINUTE: '100000',
  SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR: '1000000',
  // A job of many batches, so a kill finds one under way (the takeover figures).
  SVC_JOBS_BATCH_SIZE: '1',
  NEXT_TELEMETRY_DISABLED: '1',
}
/**
 * Posts the takeover jobs walk, one per batch (`FAULT_TAKEOVER_POSTS`, default 3,000): so many that a
 * job outlasts its kill on a fast machine too, and its takeover is measured.
 */
const TAKEOVER_POSTS = Number(process.env.FAULT_TAKEOVER_POSTS ?? 3000)
const instances = [new Instance('A', ports[0]!, env, LOG_DIR), new Instance('B', ports[1]!, env, LOG_DIR)]
const db = openPrisma(database.url)
let exitCode = 1

try {
  // One at a time: the first migrates and creates the administrator.
  for (const instance of instances) await instance.start()
  say(`${elapsed()} both instances listen (${ports.join(', ')}) behind ${balancer.url}`)
  const { key: adminKey } = await createAccount(db)
  const takeovers = new TakeoverWatch(db, adminKey)
  const tag = randomBytes(3).toString('hex')
  // Set-up calls retry a 5xx as the load's clients do, under one idempotency key: an instance that
  // has just started may time out while the other holds SQLite's write lock.
  const manage = async (resource: string, action: string, params: unknown) => {
    const headers = { Authorization: `Bearer ${adminKey}`, 'Idempotency-Key': randomBytes(12).toString('hex') }
    for (let attempt = 1; ; attempt++) {
      const answer = await send(balancer.url, 'POST', `${BASE}/manage/dispatch`, { resource, action, params }, headers)
      if (answer.status === 200) return answer.body.data
      if (answer.status < 500 || attempt === 5) throw new Error(`${resource}.${action}: ${answer.status} ${JSON.stringify(answer.body)}`)
      await new Promise(resolve => setTimeout(resolve, 500 * attempt))
    }
  }
  const sources: Source[] = []
  for (let i = 0; i < 3; i++) {
    const created = await manage('content_sources', 'create', { name: `Faults ${tag} ${i}`, auth_mode: 'hmac', forward_enabled: true, forward_url: receiver.url, forward_auth_mode: 'none' })
    const source = { id: String(created.id), slug: String(created.slug), secret: String(created.secret) }
    const sample = JSON.stringify({ id: `sample-${i}`, title: `Sample ${tag} ${i}`, body: '<p>sample</p>' })
    const held = await send(balancer.url, 'POST', `${BASE}/ingest/${source.slug}`, sample, standardHeaders(source.secret, `sample-${tag}-${i}`, new Date(), sample))
    if (held.status !== 202) throw new Error(`sample delivery: ${held.status} ${JSON.stringify(held.body)}`)
    await manage('content_sources', 'approve_mapping', { id: source.id, mapping: { title: 'title', content: 'body', external_id: 'id' } })
    sources.push(source)
  }

  // Posts for the takeover jobs to walk one per batch, so each job outlasts the moment of its kill
  // on a fast machine too (with the load's posts alone, one ended in milliseconds, before the kill).
  if (TAKEOVER_POSTS > 0) await db.post.createMany({ data: Array.from({ length: TAKEOVER_POSTS }, (_, i) => ({ title: `Takeover ${tag} ${i}`, slug: `takeover-${tag}-${i}`, content: '<h2>Walked</h2><p>by a job</p>' })) })

  // A claim whose lease ran out long ago and that no live instance took over: sampled throughout.
  let worstOverdueMs = 0
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      try {
        const stale = await db.svcOutboxMessage.findMany({ where: { status: 'pending', lockedUntil: { lt: new Date() } }, select: { lockedUntil: true } })
        for (const row of stale) worstOverdueMs = Math.max(worstOverdueMs, Date.now() - row.lockedUntil!.getTime())
      } catch { /* the database restarting: sampled again next time */ }
      await sleep(2_000)
    }
  })()

  say(`${elapsed()} load and faults start`)
  const loadEnds = Date.now() + durationMs
  const random = seededRandom(seed)
  const [records, faults] = await Promise.all([
    runLoad({ url: balancer.url, adminKey, sources, tag, until: () => Date.now() >= loadEnds }),
    injectFaults({
      instances, receiver, random, count: faultCount, durationMs, pgRestart, log: line => say(line),
      beforeKill: target => takeovers.giveJob(target),
      killed: (pids, at) => takeovers.killed(pids, at),
    }),
  ])
  say(`${elapsed()} load over; draining the outbox`)

  const drainStarted = Date.now()
  let pending = -1
  while (Date.now() - drainStarted < DRAIN_LIMIT_MS) {
    pending = await db.svcOutboxMessage.count({ where: { status: 'pending' } }).catch(() => -1)
    if (pending === 0) break
    await sleep(2_000)
  }
  const drainMs = Date.now() - drainStarted
  sampling = false
  await sampler
  say(`${elapsed()} outbox ${pending === 0 ? `drained in ${(drainMs / 1000).toFixed(0)}s` : `still holds ${pending} pending after ${DRAIN_LIMIT_MS / 1000}s`}`)

  const figures = await checkRecords(db, records, { url: balancer.url, adminKey, tag, forwardsByPost: receiver.forwardsByPost })
  const taken = await takeovers.results()
  const slowest = (kind: Takeover['kind']) => {
    const times = taken.filter(entry => entry.kind === kind).map(entry => entry.ms ?? Infinity)
    return times.length === 0 ? null : Math.max(...times)
  }
  for (const entry of taken.filter(item => item.ms === null || item.ms > TAKEOVER_LIMIT_MS)) {
    figures.other.push({ check: 'a killed instance\'s work taken over within 10 s', detail: `${entry.kind} ${entry.id}: ${entry.ms === null ? 'never' : `after ${(entry.ms / 1000).toFixed(1)}s`}` })
  }
  if (worstOverdueMs > LEASE_SLACK_MS) figures.other.push({ check: 'no claim outlives its lease', detail: `a claim stayed ${(worstOverdueMs / 1000).toFixed(0)}s past its lease (${LEASE_MS / 1000}s)` })
  const byFault = Object.fromEntries(['kill', 'pause', 'receiver_hang', 'pg_restart'].map(kind => [kind, faults.filter(fault => fault.kind === kind).length]))
  const summary = {
    seed,
    database: testProvider,
    duration_s: Math.round((Date.now() - began) / 1000),
    load_s: durationMs / 1000,
    requests: figures.requests,
    answered_2xx: figures.answered2xx,
    by_kind: figures.byKind,
    faults: faults.length,
    faults_by_kind: byFault,
    forwards_received: receiver.received(),
    outbox_drain_s: Math.round(drainMs / 1000),
    // What the killed instances held when they died, and how long until another instance had each (the slowest).
    taken_over: { outbox: taken.filter(entry => entry.kind === 'outbox').length, jobs: taken.filter(entry => entry.kind === 'job').length },
    takeover_max_s: { outbox: seconds(slowest('outbox')), jobs: seconds(slowest('job')) },
    worst_claim_overdue_s: Math.round(worstOverdueMs / 1000),
    losses: figures.losses.length,
    duplicates: figures.duplicates.length,
    other_failures: figures.other.length,
  }
  writeFileSync(`${LOG_DIR}/last-run.json`, `${JSON.stringify({ ...summary, findings: [...figures.losses, ...figures.duplicates, ...figures.other] }, null, 2)}\n`)
  console.log('')
  for (const [name, value] of Object.entries(summary)) console.log(`  ${name.padEnd(22)} ${typeof value === 'object' ? JSON.stringify(value) : value}`)
  for (const finding of [...figures.losses, ...figures.duplicates, ...figures.other].slice(0, 40)) console.log(`  ✗ ${finding.check}: ${finding.detail}`)
  const failed = figures.losses.length + figures.duplicates.length + figures.other.length > 0 || faults.length < 20
  if (faults.length < 20) console.log(`  ✗ only ${faults.length} faults injected (at least 20 are required)`)
  console.log(failed ? '\n[faults] FAILED (instance logs in var/faults/)' : '\n[faults] passed: nothing lost, nothing duplicated')
  exitCode = failed ? 1 : 0
} catch (error) {
  console.error('[faults] the run could not complete:', error)
} finally {
  await Promise.all(instances.map(instance => instance.stop().catch(() => undefined)))
  await Promise.all([receiver.close(), balancer.close(), db.$disconnect().catch(() => undefined)])
  await database.drop().catch(() => undefined)
}
process.exit(exitCode)
