import { beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { OutboxWorker } from '../packages/control-plane/src/platform/outbox/worker.ts'
import { rawTargetOf } from '../packages/control-plane/src/platform/db/raw-statements.ts'
import { enqueueOutbox } from '../packages/control-plane/src/platform/outbox/enqueue.ts'
import { retryDelayMs } from '../packages/control-plane/src/platform/outbox/backoff.ts'

const plane = useTestServer({ outbox: false })
let clock: Date
const now = () => clock

beforeEach(async () => {
  clock = new Date('2026-06-01T12:00:00Z')
  await plane.server.db.svcOutboxMessage.deleteMany()
})

const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }

describe('outbox', () => {
  test('a failing delivery is retried with exponential backoff until it succeeds, once', async () => {
    const calls: unknown[] = []
    let failuresLeft = 2
    const worker = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), {
      'test.deliver': async payload => {
        calls.push(payload)
        if (failuresLeft-- > 0) throw new Error('peer is down')
      },
    }, { now, baseMs: 1000 })
    await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: 'k', payload: { n: 1 } }, clock)

    expect(await worker.runOnce()).toBe(0)
    let row = await plane.server.db.svcOutboxMessage.findFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'peer is down' })
    expect(row.nextAttemptAt!.getTime() - clock.getTime()).toBe(1000)

    expect(await worker.runOnce()).toBe(0)
    expect(calls).toHaveLength(1)

    advance(1000)
    expect(await worker.runOnce()).toBe(0)
    row = await plane.server.db.svcOutboxMessage.findFirstOrThrow()
    expect(row.nextAttemptAt!.getTime() - clock.getTime()).toBe(2000)

    advance(2000)
    expect(await worker.runOnce()).toBe(1)
    advance(60_000)
    expect(await worker.runOnce()).toBe(0)
    expect(calls).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }])
    expect(await plane.server.db.svcOutboxMessage.findFirstOrThrow()).toMatchObject({ status: 'delivered', attempts: 3, lastError: null })
  })

  test('messages with one ordering key are delivered in order, a failure holding back the later ones', async () => {
    const delivered: number[] = []
    let failFirst = true
    const worker = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), {
      'test.deliver': async payload => {
        if (payload.n === 1 && failFirst) { failFirst = false; throw new Error('no') }
        delivered.push(payload.n as number)
      },
    }, { now, baseMs: 10 })
    for (const n of [1, 2, 3]) await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: 'source-a', payload: { n } }, clock)
    await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: 'source-b', payload: { n: 10 } }, clock)
    await worker.runOnce()
    expect(delivered).toEqual([10])
    advance(10)
    await worker.runOnce()
    expect(delivered).toEqual([10, 1, 2, 3])
  })

  test('50 messages behind a failing key do not starve another destination: it is delivered in the next cycle', async () => {
    const delivered: string[] = []
    const worker = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), {
      'test.deliver': async payload => {
        if (payload.to === 'down') throw new Error('peer is down')
        delivered.push(String(payload.to))
      },
      'test.other': async payload => { delivered.push(`other:${String(payload.to)}`) },
    }, { now, baseMs: 1 })
    for (let n = 0; n < 50; n++) await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: 'down-peer', payload: { to: 'down', n } }, clock)
    await worker.runOnce()
    advance(10)
    await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: 'up-peer', payload: { to: 'up' } }, clock)
    await enqueueOutbox(plane.server.db, { topic: 'test.other', orderingKey: 'elsewhere', payload: { to: 'x' } }, clock)

    await worker.runOnce()
    expect(delivered.sort()).toEqual(['other:x', 'up'])
    const stuck = await plane.server.db.svcOutboxMessage.findMany({ where: { orderingKey: 'down-peer' }, orderBy: { id: 'asc' } })
    expect(stuck.map(row => row.status)).toEqual(Array(50).fill('pending'))
    expect(stuck[0]!.attempts).toBe(2)
    expect(stuck.slice(1).every(row => row.attempts === 0)).toBe(true)
  })

  test('a message is marked failed after the last attempt and no longer retried', async () => {
    const worker = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { 'test.deliver': async () => { throw new Error('always') } }, { now, baseMs: 1, maxAttempts: 2 })
    await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: 'k', payload: {} }, clock)
    await worker.runOnce()
    advance(10)
    await worker.runOnce()
    advance(10_000)
    await worker.runOnce()
    expect(await plane.server.db.svcOutboxMessage.findFirstOrThrow()).toMatchObject({ status: 'failed', attempts: 2 })
  })

  test('two workers on one database never deliver a message twice', async () => {
    const seen: number[] = []
    const handler = async (payload: Record<string, unknown>) => { seen.push(payload.n as number) }
    const a = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { 'test.deliver': handler }, { now })
    const b = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { 'test.deliver': handler }, { now })
    for (let n = 0; n < 20; n++) await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: `k${n}`, payload: { n } }, clock)
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()])
    await a.runOnce()
    expect(seen.sort((x, y) => x - y)).toEqual([...Array(20).keys()])
  })

  test('pending messages survive a restart: a new worker delivers them', async () => {
    const first = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { 'test.deliver': async () => { throw new Error('down') } }, { now, baseMs: 5 })
    await enqueueOutbox(plane.server.db, { topic: 'test.deliver', orderingKey: 'k', payload: { n: 7 } }, clock)
    await first.runOnce()
    await first.stop()
    const delivered: unknown[] = []
    const second = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { 'test.deliver': async payload => { delivered.push(payload) } }, { now })
    advance(5)
    await second.runOnce()
    expect(delivered).toEqual([{ n: 7 }])
  })

  test('an idle worker looks twice as long apart after each look that finds no message, up to idlePollMs; a message enqueued in this process wakes it at once and the poll shortens again', async () => {
    const looks: number[] = []
    const db = plane.server.db
    // Without a driver adapter the look runs as the client's raw query: each is one look.
    const counted = new Proxy(db, {
      get: (target, key, receiver) => key !== '$queryRawUnsafe' ? Reflect.get(target, key, receiver) : (sql: string, ...args: unknown[]) => {
        if (sql.includes('GROUP BY "orderingKey"')) looks.push(Date.now())
        return target.$queryRawUnsafe(sql, ...args)
      },
    })
    const delivered: unknown[] = []
    const worker = new OutboxWorker({ db: counted, provider: plane.server.runtime.options.databaseProvider, adapter: null }, { 'test.deliver': async payload => { delivered.push(payload) } }, { pollMs: 100, idlePollMs: 400 })
    worker.start()
    try {
      await new Promise(resolve => setTimeout(resolve, 1700))
      const gaps = looks.slice(1).map((at, i) => at - looks[i]!)
      // Looks at about 0, 100 and 300 ms, then on the process's idle beats 400 ms apart (the first
      // at least 200 ms on): a third as many as at a steady 100 ms.
      expect(gaps.length).toBeGreaterThanOrEqual(4)
      expect(gaps.length).toBeLessThanOrEqual(6)
      expect(gaps[2]).toBeGreaterThanOrEqual(195)
      const kicked = Date.now()
      await enqueueOutbox(db, { topic: 'test.deliver', orderingKey: 'k', payload: { n: 1 } }, new Date())
      await worker.kick()
      expect(delivered).toEqual([{ n: 1 }])
      await new Promise(resolve => setTimeout(resolve, 250))
      expect(looks.filter(at => at >= kicked).length).toBeGreaterThanOrEqual(2)
    } finally {
      await worker.stop()
    }
  })

  test('backoff doubles from the base and is capped', () => {
    const options = { baseMs: 100, maxMs: 1000, maxAttempts: 10 }
    expect([1, 2, 3, 4, 5, 6].map(n => retryDelayMs(n, options))).toEqual([100, 200, 400, 800, 1000, 1000])
  })
})
