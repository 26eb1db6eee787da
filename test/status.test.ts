import { beforeEach, describe, expect, test } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { enqueueOutbox } from '../packages/control-plane/src/platform/outbox/enqueue.ts'
import { testProvider } from './support/database.ts'
import { FORWARD_TOPIC, forwardOrderingKey } from '../packages/control-plane/src/resources/content-sources/forward/forward-message.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

const plane = useTestServer({ outbox: false })

// Each test counts the outbox from empty, whatever ran before it.
beforeEach(async () => { await plane.server.db.svcOutboxMessage.deleteMany() })

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
      product_version: PRODUCT_VERSION,
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
    const wire = (await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Wire', auth_mode: 'none' } })).body.data
    await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Quiet', auth_mode: 'none' } })
    const queue = forwardOrderingKey(wire.id)
    await plane.server.db.svcOutboxMessage.create({ data: { topic: FORWARD_TOPIC, orderingKey: queue, status: 'failed' } })
    await plane.server.db.svcOutboxMessage.create({ data: { topic: FORWARD_TOPIC, orderingKey: queue, status: 'pending' } })
    await plane.server.db.svcOutboxMessage.create({ data: { topic: FORWARD_TOPIC, orderingKey: queue, status: 'delivered' } })
    const oldest = await plane.server.db.svcOutboxMessage.findFirstOrThrow({ where: { status: 'pending' }, orderBy: { createdAt: 'asc' } })

    const data = (await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get')).body.data
    expect(data.outbox.oldest_pending_at).toBe(oldest.createdAt!.toISOString())
    expect(data.forwarding).toEqual([
      { source: 'quiet', name: 'Quiet', pending: 0, failed: 0 },
      { source: 'wire', name: 'Wire', pending: 1, failed: 1 },
    ])
  })

  test('checks the control plane\'s tables without reading migrations/ from the working directory', async () => {
    const cwd = process.cwd()
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'svc-status-'))
    process.chdir(elsewhere)
    try {
      const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get')
      expect(res.status).toBe(200)
      const check = res.body.data.checks.find((candidate: { name: string }) => candidate.name === 'migrations')
      expect(check).toMatchObject({ ok: true, message: expect.stringMatching(/^the control plane's tables answer \(\d+ migrations recorded\)$/) })
    } finally {
      process.chdir(cwd)
      rmSync(elsewhere, { recursive: true, force: true })
    }
  })

  test('never carries a secret or a connection string', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get')
    expect(res.text).not.toContain(plane.server.databaseUrl)
    expect(res.text).not.toContain(plane.server.encryptionKey)
    expect(res.text).not.toContain(plane.admin.key)
    expect(res.text).not.toMatch(/postgres(ql)?:\/\/|file:/)
  })
})
