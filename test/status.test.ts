import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, type TestServer } from './support/server.ts'
import { createAccount } from './support/accounts.ts'
import { dispatcher, getWithKey } from './support/client.ts'
import { enqueueOutbox } from '../src/outbox/enqueue.ts'
import { testProvider } from './support/database.ts'

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
    await enqueueOutbox(server.db, { topic: 'test.topic', orderingKey: 'k', payload: {} }, server.runtime.options.now())
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

  test('never carries a secret or a connection string', async () => {
    const res = await getWithKey(server.app, key, '/manage/status/get')
    expect(res.text).not.toContain(server.databaseUrl)
    expect(res.text).not.toContain(server.encryptionKey)
    expect(res.text).not.toContain(key)
    expect(res.text).not.toMatch(/postgres(ql)?:\/\/|file:/)
  })
})
