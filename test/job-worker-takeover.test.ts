import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { createTestDatabase, openPrisma, type TestDatabase } from './support/database.ts'
import type { HostDb } from './support/in-process-server.ts'
import { readUntilDone } from './support/eventually.ts'
import { resolveDatabase, type DatabaseProvider } from '../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import { JobWorker } from '../packages/control-plane/src/platform/jobs/worker.ts'
import type { JobStep } from '../packages/control-plane/src/platform/jobs/job-step.ts'

const LEASE_MS = 600

let database: TestDatabase
let db: HostDb
let provider: DatabaseProvider
let workers: JobWorker[] = []
/** While false, a `long` job never ends: the worker holding it stays busy with it. */
let longJobsMayEnd = false

const steps: Record<string, JobStep> = {
  long: async (job) => {
    await new Promise(resolve => setTimeout(resolve, 10))
    return { cursor: String(Number(job.cursor ?? 0) + 1), done: 1, tally: {}, finished: longJobsMayEnd }
  },
  short: async (job) => ({ cursor: String(Number(job.cursor ?? 0) + 1), done: 1, tally: {}, finished: Number(job.cursor ?? 0) >= 2 }),
}

function worker (): JobWorker {
  const started = new JobWorker({ target: { db, provider, adapter: null }, steps, starterRefusal: async () => null, onEnded: async () => {}, now: () => new Date() }, { leaseMs: LEASE_MS, pollMs: 200, batchSize: 1 })
  started.start()
  workers.push(started)
  return started
}

type Call = { method: string, at: number }

/**
 * A started worker on a database that records each call on the jobs table, with when it was made:
 * the client's (`findMany`, …) and the statements written by hand (`$queryRawUnsafe`, which the
 * look runs on when there is no driver adapter to run it on).
 */
function idleWorker (calls: Call[], options: { pollMs: number, idlePollMs: number }): JobWorker {
  const record = (method: string) => calls.push({ method, at: Date.now() })
  const counted = new Proxy(db, {
    get: (target, key, receiver) => {
      if (key === '$queryRawUnsafe') {
        return (sql: string, ...args: unknown[]) => {
          if (sql.includes('"svc_jobs"')) record('$queryRawUnsafe')
          return target.$queryRawUnsafe(sql, ...args)
        }
      }
      return key !== 'svcJob' ? Reflect.get(target, key, receiver) : new Proxy(target.svcJob, {
        get: (jobs, method, inner) => {
          const value = Reflect.get(jobs, method, inner)
          return typeof value === 'function' ? (...args: unknown[]) => { record(String(method)); return value.apply(jobs, args) } : value
        },
      })
    },
  })
  const started = new JobWorker({ target: { db: counted, provider, adapter: null }, steps, starterRefusal: async () => null, onEnded: async () => {}, now: () => new Date() }, { leaseMs: LEASE_MS, batchSize: 1, ...options })
  started.start()
  workers.push(started)
  return started
}

const queue = (kind: string, target: string) => db.svcJob.create({ data: { kind, target, activeKey: `${kind}:${target}`, status: 'queued', total: 3 }, select: { id: true } })
const jobRow = (id: number) => db.svcJob.findUniqueOrThrow({ where: { id }, select: { status: true, holder: true, heldUntil: true, done: true } })

beforeAll(async () => {
  database = await createTestDatabase()
  await migrate(resolveDatabase(database.url))
  db = openPrisma(database.url)
  provider = resolveDatabase(database.url).provider
})

afterEach(async () => {
  longJobsMayEnd = true
  await Promise.all(workers.map(each => each.stop()))
  workers = []
  longJobsMayEnd = false
  await db.svcJob.deleteMany({})
})

afterAll(async () => {
  await db?.$disconnect()
  await database?.drop()
})

describe('the job worker', () => {
  test('a worker busy with a long job takes up a dead instance\'s job once its lease runs out, before its own job ends', async () => {
    const busy = worker()
    const own = await queue('long', 'own')
    const mine = await readUntilDone(() => jobRow(own.id), row => row.status === 'running' && row.done > 0)
    // A job an instance held when it was killed: its lease runs out and nothing renews it.
    const orphan = await db.svcJob.create({ data: { kind: 'short', target: 'orphan', activeKey: 'short:orphan', status: 'running', total: 3, holder: 'killed:instance', heldUntil: new Date(Date.now() + LEASE_MS) }, select: { id: true } })
    void busy.kick()

    await readUntilDone(() => jobRow(orphan.id), row => row.status === 'succeeded')
    const ownNow = await jobRow(own.id)
    expect(ownNow.status).toBe('running')
    expect(ownNow.holder).toBe(mine.holder)
  })

  test('the jobs one worker holds take turns: each of two long jobs moves on', async () => {
    worker()
    const first = await queue('long', 'first')
    const second = await queue('long', 'second')
    await readUntilDone(() => Promise.all([jobRow(first.id), jobRow(second.id)]), rows => rows.every(row => row.done >= 3))
  })

  test('a stopped worker lets go of the jobs it holds, and another takes them up without waiting out the lease', async () => {
    const leaving = worker()
    const job = await queue('long', 'handed-over')
    const held = await readUntilDone(() => jobRow(job.id), row => row.status === 'running' && row.done > 0)
    await leaving.stop()
    const released = await jobRow(job.id)
    expect(released.holder).toBe(held.holder)
    expect(released.heldUntil!.getTime()).toBeLessThanOrEqual(Date.now())

    worker()
    const taken = await readUntilDone(() => jobRow(job.id), row => row.holder !== held.holder)
    expect(taken.status).toBe('running')
  })

  test('an idle worker reads the jobs table once per safety poll, with one statement written by hand: what is free and when the next lease ends come from it', async () => {
    const calls: Call[] = []
    idleWorker(calls, { pollMs: 200, idlePollMs: 200 })
    await new Promise(resolve => setTimeout(resolve, 1100))
    expect(new Set(calls.map(call => call.method))).toEqual(new Set(['$queryRawUnsafe']))
    expect(calls.length).toBeGreaterThanOrEqual(3)
    expect(calls.length).toBeLessThanOrEqual(7)
  })

  test('an idle worker sleeps twice as long after each look that finds no job, up to idlePollMs, and a kick brings the safety poll back', async () => {
    const calls: Call[] = []
    const idle = idleWorker(calls, { pollMs: 100, idlePollMs: 400 })
    await new Promise(resolve => setTimeout(resolve, 1700))
    const gaps = calls.slice(1).map((call, i) => call.at - calls[i]!.at)
    // Looks at about 0, 100 and 300 ms, then on the process's idle beats 400 ms apart (the first
    // at least 200 ms on): a third as many as at a steady 100 ms.
    expect(gaps.length).toBeGreaterThanOrEqual(4)
    expect(gaps.length).toBeLessThanOrEqual(6)
    expect(gaps[0]).toBeLessThan(250)
    expect(gaps[2]).toBeGreaterThanOrEqual(195)
    expect(Math.max(...gaps)).toBeLessThan(650)
    const beforeKick = calls.length
    await idle.kick()
    await new Promise(resolve => setTimeout(resolve, 250))
    const afterKick = calls.slice(beforeKick)
    expect(afterKick.length).toBe(2)
    expect(afterKick[1]!.at - afterKick[0]!.at).toBeLessThan(250)
  })

  test('a kick just before the idle beat looks once: the beat it was asleep for is forgotten, the next look comes a poll later', async () => {
    const calls: Call[] = []
    const idle = idleWorker(calls, { pollMs: 100, idlePollMs: 400 })
    await new Promise(resolve => setTimeout(resolve, 1300))
    // The idle beats fall every 400 ms of the process's clock: kick 30 ms before the next one.
    await new Promise(resolve => setTimeout(resolve, (400 - performance.now() % 400 + 370) % 400))
    const beforeKick = calls.length
    await idle.kick()
    await new Promise(resolve => setTimeout(resolve, 65))
    expect(calls.length - beforeKick).toBe(1)
    await new Promise(resolve => setTimeout(resolve, 135))
    expect(calls.length - beforeKick).toBe(2)
  })

})
