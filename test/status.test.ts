import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, type TestServer } from './support/server.ts'
import { createAccount } from './support/accounts.ts'
import { dispatcher, getWithKey } from './support/client.ts'
import { enqueueOutbox } from '../src/outbox/enqueue.ts'
import { testProvider } from './support/database.ts'
import { FORWARD_TOPIC, forwardOrderingKey } from '../src/resources/content-sources/forward/forward-message.ts'

let server: TestServer
let key: string

beforeAll(async () => {
  server = await startTestServer({ outbox: false })
  key = (await createAccount(server.db)).key
})
afterAll(async () => server.close())

describe('status.get', () => {
  test('reports version, database, modules, counts, outbox, uptime and checks', async () => {
    const dispatch = dispatcher(server.app, key)
    await dispatch({ resource: 'crm', action: 'create', params: { name: 'One' } })
    await dispatch({ resource: 'modules', action: 'disable', params: { module: 'leads' } })
    await enqueueOutbox(server.db, { topic: 'test.topic', orderingKey: 'k', payload: {} })
    await server.db.svcOutboxMessage.create({ data: { topic: 'test.topic', orderingKey: 'k2', status: 'failed' } })

    const res = await getWithKey(server.app, key, '/manage/status/get')
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data).toMatchObject({
      product_version: '1.4.000',
      namespace: 'svc/v1',
      database: { provider: testProvider, ok: true },
      modules: { crm: true, leads: false, status: true },
      counts: { crm: 1 },
      outbox: { pending: 1, failed: 1 },
    })
    expect(data.database.latency_ms).toBeGreaterThanOrEqual(0)
    expect(Number.isInteger(data.uptime_s)).toBe(true)
    const checks = Object.fromEntries(data.checks.map((c: { name: string }) => [c.name, c]))
    expect(checks.database.ok).toBe(true)
    expect(checks.migrations).toMatchObject({ ok: true })
    expect(checks.encryption_key.ok).toBe(true)
    expect(checks.outbox).toMatchObject({ ok: false, message: expect.stringContaining('1 deliveries failed') })
  })

  test('names the oldest pending message and each content source\'s pending and failed forwards', async () => {
    const dispatch = dispatcher(server.app, key)
    const wire = (await dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Wire', auth_mode: 'none' } })).body.data
    await dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Quiet', auth_mode: 'none' } })
    const queue = forwardOrderingKey(wire.id)
    await server.db.svcOutboxMessage.create({ data: { topic: FORWARD_TOPIC, orderingKey: queue, status: 'failed' } })
    await server.db.svcOutboxMessage.create({ data: { topic: FORWARD_TOPIC, orderingKey: queue, status: 'pending' } })
    await server.db.svcOutboxMessage.create({ data: { topic: FORWARD_TOPIC, orderingKey: queue, status: 'delivered' } })
    const oldest = await server.db.svcOutboxMessage.findFirstOrThrow({ where: { status: 'pending' }, orderBy: { createdAt: 'asc' } })

    const data = (await getWithKey(server.app, key, '/manage/status/get')).body.data
    expect(data.outbox.oldest_pending_at).toBe(oldest.createdAt!.toISOString())
    expect(data.forwarding).toEqual([
      { source: 'quiet', name: 'Quiet', pending: 0, failed: 0 },
      { source: 'wire', name: 'Wire', pending: 1, failed: 1 },
    ])
  })

  test('never carries a secret or a connection string', async () => {
    const res = await getWithKey(server.app, key, '/manage/status/get')
    expect(res.text).not.toContain(server.databaseUrl)
    expect(res.text).not.toContain(server.encryptionKey)
    expect(res.text).not.toContain(key)
    expect(res.text).not.toMatch(/postgres(ql)?:\/\/|file:/)
  })
})
