/**
 * `npm run bench:capture`: how long a `leads.capture` waits while a large content delivery is
 * processed beside it (issue 27, item 6: under 1 s), against the same capture with nothing beside
 * it, measured in the same run: each round makes captures alone, then captures one after the other
 * for as long as a fresh 900 KB delivery (50 tags and 50 categories of 100 characters, links and
 * images in 1,100 paragraphs) is in flight, so the shared machine's busy moments fall on both.
 *
 * The host runs in-process as `npm start` serves it (production mode, the package's built mapping
 * thread), on the database DATABASE_URL names, else a fresh SQLite file under var/bench/.
 *
 *   BENCH_ROUNDS   rounds (default 20), after 2 warm-up ones; each delivery creates one post
 *
 * The process fails only on real errors (a call refused, a delivery that makes no post), never on
 * the target.
 */
import { randomUUID } from 'node:crypto'
import { sqliteFilePath } from '../packages/control-plane/src/platform/db/database-url.ts'
import { positiveInteger } from './lib/env.ts'
import { runBench } from './lib/run.ts'
import { benchDatabase, createAdministrator, servedAsNpmStart, startHost } from './support/host.ts'
import { LARGE_DELIVERY_MAPPING, largeDelivery, SAMPLE_DELIVERY } from './support/large-delivery.ts'

const ROUNDS = positiveInteger('BENCH_ROUNDS', 20)
const WARMUP = 2
const ALONE_PER_ROUND = 5
/** Issue 27, item 6: the longest a capture may wait behind a delivery being processed. */
const TARGET_MS = 1000

const cleanups: Array<() => unknown> = []

type Client = { baseUrl: string, key: string }

async function post (url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number, body: { ok?: boolean, data?: unknown, error?: string } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json() as { ok?: boolean, data?: unknown, error?: string } }
}

async function dispatch (client: Client, resource: string, action: string, params: Record<string, unknown>): Promise<unknown> {
  const res = await post(`${client.baseUrl}/api/svc/v1/manage/dispatch`, { resource, action, params }, { Authorization: `Bearer ${client.key}` })
  if (!res.body.ok) throw new Error(`${resource}.${action} failed (${res.status}): ${res.body.error}`)
  return res.body.data
}

async function deliver (client: Client, slug: string, body: unknown): Promise<{ status: number, data: { status?: string } }> {
  const res = await post(`${client.baseUrl}/api/svc/v1/ingest/${slug}`, body)
  return { status: res.status, data: (res.body.data ?? {}) }
}

let captured = 0

/** One capture's wall time, as its caller sees it. */
async function timedCapture (client: Client): Promise<number> {
  const started = performance.now()
  await dispatch(client, 'leads', 'capture', { source: 'contact_form', email: `bench-${captured++}@example.test` })
  return performance.now() - started
}

/** Captures alone, then captures back to back while one delivery is in flight. */
async function round (client: Client, slug: string, n: number): Promise<{ alone: number[], beside: number[], deliveryMs: number }> {
  const alone: number[] = []
  for (let i = 0; i < ALONE_PER_ROUND; i++) alone.push(await timedCapture(client))
  let inFlight = true
  const started = performance.now()
  const delivery = deliver(client, slug, largeDelivery(`large-${n}`)).finally(() => { inFlight = false })
  const beside: number[] = []
  while (inFlight) beside.push(await timedCapture(client))
  const res = await delivery
  if (res.status !== 200 || res.data.status !== 'created') throw new Error(`the delivery of round ${n} made no post: ${res.status} ${JSON.stringify(res.data)}`)
  return { alone, beside, deliveryMs: performance.now() - started }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}
const summary = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} calls)`

async function main (): Promise<void> {
  servedAsNpmStart()
  const { database } = await benchDatabase(cleanups)
  const host = await startHost(database, { controlPlane: { outbox: false } })
  cleanups.push(host.stop)
  const client: Client = { baseUrl: host.baseUrl, key: (await createAdministrator(host.db)).key }

  const source = await dispatch(client, 'content_sources', 'create', { name: `Bench feed ${randomUUID().slice(0, 8)}`, auth_mode: 'none' }) as { id: string, slug: string }
  const sample = await deliver(client, source.slug, SAMPLE_DELIVERY)
  if (sample.status !== 202) throw new Error(`the sample delivery was not held: ${sample.status}`)
  await dispatch(client, 'content_sources', 'approve_mapping', { id: source.id, mapping: LARGE_DELIVERY_MAPPING })
  console.error(`[bench] ${database.provider}${database.provider === 'sqlite' ? ` (${sqliteFilePath(database.url)})` : ''}: ${WARMUP} warm-up and ${ROUNDS} measured rounds`)

  for (let n = 0; n < WARMUP; n++) await round(client, source.slug, -1 - n)
  const alone: number[] = []
  const beside: number[] = []
  const deliveries: number[] = []
  for (let n = 0; n < ROUNDS; n++) {
    const measured = await round(client, source.slug, n)
    alone.push(...measured.alone)
    beside.push(...measured.beside)
    deliveries.push(measured.deliveryMs)
  }
  const longest = Math.max(...beside)
  console.log(`${database.provider}, ${ROUNDS} rounds`)
  console.log(`capture alone:              ${summary(alone)}`)
  console.log(`capture beside a delivery:  ${summary(beside)}`)
  console.log(`the 900 KB delivery:        p50 ${quantile(deliveries, 0.5).toFixed(1)} ms, max ${Math.max(...deliveries).toFixed(1)} ms`)
  console.log(`beside ÷ alone: p50 ${(quantile(beside, 0.5) / quantile(alone, 0.5)).toFixed(2)}×, p99 ${(quantile(beside, 0.99) / quantile(alone, 0.99)).toFixed(2)}×`)
  console.log(`longest capture beside a delivery ${longest.toFixed(0)} ms — target < ${TARGET_MS} ms: ${longest < TARGET_MS ? 'met' : 'MISSED'}`)
}

await runBench(main, cleanups)
