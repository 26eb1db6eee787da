import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type request from 'supertest'
import { startTestServer, type InProcessServer, useTestServer } from './support/in-process-server.ts'
import { dispatcher } from './support/client.ts'
import { createSubjectLimiter, type SubjectLimiter } from '../packages/control-plane/src/platform/auth/rate-limit.ts'
import { leaseSize } from '../packages/control-plane/src/platform/auth/leased-window-limiter.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

/**
 * The database store of the rate limits, shared by every instance on the database, without a
 * write per request (docs/performance.md): each instance takes hits from the shared row in
 * leases. The tolerance stated there: the instances together never admit more than the limit in
 * a window, and admit at least the limit less two leases per instance besides the one refused.
 */

// In the middle of an hour: every call of a file falls in one window, however slow the machine.
const clock = () => new Date('2031-05-05T10:30:00Z')
const hourly = (points: number) => ({ points, durationSeconds: 3600, store: 'database' as const })

/** The client, with its statements that write the rate table counted. */
function countingRateWrites (db: Db): { db: Db, writes: () => number } {
  let writes = 0
  const table = new Proxy(db.svcRateWindow, {
    get (target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      const writing = ['update', 'updateMany', 'create', 'upsert'].includes(String(property))
      return (...args: unknown[]) => {
        if (writing) writes += 1
        return (value as (...args: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { db: new Proxy(db, { get: (target, property, receiver) => property === 'svcRateWindow' ? table : Reflect.get(target, property, receiver) }), writes: () => writes }
}

/** Consumes `calls` hits for one subject, spread in turn over the limiters, `concurrency` at a time; the hits admitted per limiter. */
async function spend (limiters: SubjectLimiter[], subject: string, calls: number, concurrency: number): Promise<number[]> {
  const admitted = limiters.map(() => 0)
  for (let start = 0; start < calls; start += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, calls - start) }, async (_, offset) => {
      const which = (start + offset) % limiters.length
      try {
        await limiters[which]!.consume(subject)
        admitted[which]! += 1
      } catch (error) {
        expect((error as { code?: string }).code).toBe('rate_limited')
      }
    }))
  }
  return admitted
}

describe('a database rate limit in leases', () => {
  const plane = useTestServer()

  test('two instances admit the limit within the stated tolerance, with far fewer writes than hits', async () => {
    const points = 200
    const counted = countingRateWrites(plane.server.db)
    const instances = [0, 1].map(() => createSubjectLimiter('leases-two', hourly(points), counted.db, clock))
    const admitted = await spend(instances, 'key:shared', 260, 10)
    const total = admitted[0]! + admitted[1]!
    expect(total).toBeLessThanOrEqual(points)
    expect(total).toBeGreaterThanOrEqual(points - 2 * leaseSize(points))
    expect(admitted.every(count => count > points / 4)).toBe(true)
    // One write per lease, not per hit (on main: one per hit, 200 or more).
    expect(counted.writes()).toBeLessThanOrEqual(Math.ceil(total / 3))
    const row = await plane.server.db.svcRateWindow.findUnique({ where: { key: 'leases-two:key:shared' } })
    expect(row!.hits).toBeLessThanOrEqual(points)
  })

  test('one instance alone is exact, and its headers count down by one', async () => {
    const points = 120
    const limiter = createSubjectLimiter('leases-one', hourly(points), plane.server.db, clock)
    const remaining: number[] = []
    for (let call = 0; call < points; call++) remaining.push((await limiter.consume('key:alone'))!.remaining)
    expect(remaining).toEqual(Array.from({ length: points }, (_, index) => points - 1 - index))
    await expect(limiter.consume('key:alone')).rejects.toMatchObject({ code: 'rate_limited' })
    // A concurrent burst over a fresh subject: exactly the limit, once.
    expect(await spend([limiter], 'key:burst', points + 40, 20)).toEqual([points])
  })

  test('a full window refuses without going to the database again', async () => {
    const counted = countingRateWrites(plane.server.db)
    const limiter = createSubjectLimiter('leases-full', hourly(3), counted.db, clock)
    expect(await spend([limiter], 'key:full', 3, 1)).toEqual([3])
    const before = counted.writes()
    expect(await spend([limiter], 'key:full', 10, 5)).toEqual([0])
    expect(counted.writes()).toBeLessThanOrEqual(before + 1)
  })
})

describe('two instances on one database share the API rate limit', () => {
  const points = 80
  const options = { rateLimit: hourly(points), clock }
  const plane = useTestServer(options)
  let second: InProcessServer

  beforeAll(async () => { second = await startTestServer({ sharedWith: plane.server, controlPlane: options }) })
  afterAll(async () => { await second?.close() })

  test('together they admit the limit within the tolerance, then both refuse', async () => {
    const callers = [plane.server.app, second.app].map(app => dispatcher(app, plane.admin.key))
    const statuses: number[] = []
    const list = (index: number) => callers[index % 2]!({ resource: 'crm', action: 'list', params: {} })
    for (let start = 0; start < points + 20; start += 10) {
      const answers: request.Response[] = await Promise.all(Array.from({ length: 10 }, (_, offset) => list(start + offset)))
      statuses.push(...answers.map(res => res.status))
    }
    const ok = statuses.filter(status => status === 200).length
    expect(statuses.filter(status => status !== 200 && status !== 429)).toEqual([])
    expect(ok).toBeLessThanOrEqual(points)
    expect(ok).toBeGreaterThanOrEqual(points - 2 * leaseSize(points))
    const [first, next] = await Promise.all([list(0), list(1)])
    expect([first.status, next.status]).toEqual([429, 429])
  })
})
