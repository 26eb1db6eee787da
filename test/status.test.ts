import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/use-test-server.ts'
import { getWithKey } from './support/client.ts'
import { enqueueOutbox } from '../src/outbox/enqueue.ts'
import { testProvider } from './support/database.ts'

const plane = useTestServer({ outbox: false })

describe('status.get', () => {
  test('reports version, database, modules, counts, outbox, uptime and checks', async () => {
      await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'One' } })
    await plane.dispatch({ resource: 'modules', action: 'disable', params: { module: 'leads' } })
    await enqueueOutbox(plane.server.db, { topic: 'test.topic', orderingKey: 'k', payload: {} }, plane.server.runtime.options.now())
    await plane.server.db.svcOutboxMessage.create({ data: { topic: 'test.topic', orderingKey: 'k2', status: 'failed' } })

    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get')
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
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get')
    expect(res.text).not.toContain(plane.server.databaseUrl)
    expect(res.text).not.toContain(plane.server.encryptionKey)
    expect(res.text).not.toContain(plane.admin.key)
    expect(res.text).not.toMatch(/postgres(ql)?:\/\/|file:/)
  })
})
