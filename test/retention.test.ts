import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, useTestServer, type InProcessServer } from './support/in-process-server.ts'
import { defineResource, type ControlPlaneOptions } from '../packages/control-plane/src/index.ts'
import { datedRowsRule } from '../packages/control-plane/src/platform/retention/rule.ts'
import { resolveRetention } from '../packages/control-plane/src/platform/retention/retention-options.ts'
import { CORE_RETENTION_RULES } from '../packages/control-plane/src/platform/retention/core-rules.ts'
import { RetentionPruner } from '../packages/control-plane/src/platform/retention/pruner.ts'
import { rawTargetOf } from '../packages/control-plane/src/platform/db/raw-statements.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

const DAY = 24 * 60 * 60 * 1000
const START = new Date('2026-01-10T09:00:00Z')
let clock = START
const daysLater = (days: number) => new Date(START.getTime() + days * DAY)

/** A resource whose rule always fails, to show one failing rule does not stop the others. */
const brokenRule = defineResource({
  name: 'broken_rule',
  retention: [datedRowsRule({ name: 'broken', table: 'nowhere', removes: 'nothing', defaultDays: 1, rows: () => ({}), datedBy: 'at' })],
})

const options: ControlPlaneOptions = {
  clock: () => clock,
  outbox: false,
  extensions: [brokenRule],
  retention: { intervalMinutes: 0, batchSize: 3, days: { content_inbox: 200 } },
}
const plane = useTestServer(options)
const db = () => plane.server.db as unknown as Db

async function seedDue () {
  const at = (days: number) => daysLater(days)
  await db().svcAuditEntry.createMany({ data: Array.from({ length: 8 }, (_, i) => ({ at: at(i < 7 ? 0 : 300), operation: 'crm.list', channel: 'dispatch' })) })
  await db().svcOutboxMessage.createMany({
    data: [
      { topic: 't', status: 'delivered', deliveredAt: at(0), createdAt: at(0) },
      { topic: 't', status: 'delivered', deliveredAt: at(360), createdAt: at(360) },
      { topic: 't', status: 'pending', createdAt: at(0) },
      { topic: 't', status: 'failed', createdAt: at(0) },
    ],
  })
  await db().svcContentDelivery.createMany({
    data: [
      { sourceId: 'retention', body: '{"a":1}', status: 'created', processedAt: at(0), receivedAt: at(0) },
      { sourceId: 'retention', body: '{"a":2}', status: 'failed', processedAt: at(340), receivedAt: at(340) },
      { sourceId: 'retention', body: '{"a":3}', status: 'held', processedAt: null, receivedAt: at(0) },
    ],
  })
  await db().svcOAuthRecord.createMany({
    data: [
      { key: 'expired', model: 'AccessToken', payload: 'sealed', createdAt: at(364), expiresAt: at(364) },
      { key: 'live', model: 'RefreshToken', payload: 'sealed', createdAt: at(365), expiresAt: at(390) },
      { key: 'keys', model: 'ServerKeys', payload: 'sealed', createdAt: at(0) },
    ],
  })
  await db().svcIdempotencyKey.createMany({
    data: [
      { caller: 'key:retention', key: 'old', fingerprint: 'f', claimedAt: at(363), expiresAt: at(364) },
      { caller: 'key:retention', key: 'fresh', fingerprint: 'f', claimedAt: at(365), expiresAt: at(366) },
    ],
  })
  await db().svcPipelineRun.createMany({
    data: [
      { postId: '1', recipeId: 'r', status: 'succeeded', stages: [{ type: 'x' }], createdAt: at(0) },
      { postId: '1', recipeId: 'r', status: 'succeeded', stages: [{ type: 'x' }], createdAt: at(200) },
      { postId: '1', recipeId: 'r', status: 'succeeded', stages: [{ type: 'x' }], createdAt: at(360) },
    ],
  })
}

describe('pruning what the retention rules say is due', () => {
  beforeAll(async () => {
    await seedDue()
    clock = daysLater(366)
  })

  test('each rule removes or empties only its rows older than its days, in batches, and one failing rule does not stop the others', async () => {
    const report = await plane.server.runtime.retention.runOnce()
    const pruned = Object.fromEntries(report!.map(rule => [rule.name, [rule.pruned, rule.error]]))
    expect(pruned).toMatchObject({
      audit: [7, null],
      outbox_delivered: [1, null],
      outbox_failed: [1, null],
      idempotency_keys: [1, null],
      oauth_expired: [1, null],
      content_inbox_bodies: [1, null],
      content_inbox: [1, null],
      pipeline_run_stages: [2, null],
      pipeline_runs: [1, null],
      broken: [0, 'TypeError'],
    })
    const audit = await db().svcAuditEntry.findMany({ where: { operation: 'crm.list' } })
    expect(audit.map(entry => entry.at)).toEqual([daysLater(300)])
    expect((await db().svcOutboxMessage.findMany({ orderBy: { id: 'asc' } })).map(message => message.status)).toEqual(['delivered', 'pending'])
    const inbox = await db().svcContentDelivery.findMany({ where: { sourceId: 'retention' }, orderBy: { id: 'asc' } })
    expect(inbox.map(delivery => [delivery.status, delivery.body])).toEqual([['failed', '{"a":2}'], ['held', '{"a":3}']])
    const runs = await db().svcPipelineRun.findMany({ orderBy: { id: 'asc' } })
    expect(runs.map(run => [run.createdAt, run.stages])).toEqual([[daysLater(200), null], [daysLater(360), [{ type: 'x' }]]])
    expect((await db().svcIdempotencyKey.findMany({ where: { caller: 'key:retention' } })).map(row => row.key)).toEqual(['fresh'])
  })

  test('status.get shows each rule with its days and the pruner\'s notes, without counting', async () => {
    const res = await plane.dispatch({ resource: 'status', action: 'get', params: {} })
    const retention = Object.fromEntries(res.body.data.retention.map((rule: { rule: string }) => [rule.rule, rule]))
    expect(retention.audit).toMatchObject({ days: 365, rows: expect.any(Number), last_pruned: 7, last_pruned_at: daysLater(366).toISOString() })
    expect(retention.content_inbox).toMatchObject({ days: 200, rows: 1, oldest_at: daysLater(340).toISOString() })
    expect(retention.pipeline_runs).toMatchObject({ table: 'svc_pipeline_runs', days: 365, rows: 2, oldest_at: daysLater(200).toISOString() })
  })

  test('a processed body is emptied once 30 days old, while the delivery stays', async () => {
    clock = daysLater(340 + 31)
    await plane.server.runtime.retention.runOnce()
    const inbox = await db().svcContentDelivery.findMany({ where: { sourceId: 'retention' }, orderBy: { id: 'asc' } })
    expect(inbox.map(delivery => [delivery.status, delivery.body])).toEqual([['failed', ''], ['held', '{"a":3}']])
  })

  test('a second prune finds nothing more to do', async () => {
    const report = await plane.server.runtime.retention.runOnce()
    expect(report!.filter(rule => rule.name !== 'broken').every(rule => rule.pruned === 0)).toBe(true)
  })

  test('leads are never pruned: their chain still verifies after a prune years later', async () => {
    const lead = await plane.dispatch({ resource: 'leads', action: 'capture', params: { source: 'contact_form', email: 'kept@example.com' } })
    clock = daysLater(366 + 3 * 365)
    await plane.server.runtime.retention.runOnce()
    const verified = await plane.dispatch({ resource: 'leads', action: 'verify', params: { id: lead.body.data.id } })
    expect(verified.body.data.chain).toMatchObject({ ok: true, broken_at: null })
  })
})

describe('one pruner at a time across instances', () => {
  let first: InProcessServer
  let second: InProcessServer
  beforeAll(async () => {
    first = await startTestServer({ controlPlane: { outbox: false, retention: { intervalMinutes: 0 } } })
    second = await startTestServer({ sharedWith: first, controlPlane: { outbox: false, retention: { intervalMinutes: 0 } } })
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
  })

  test('two instances pruning at once: one prunes, the other stands aside; afterwards either may prune', async () => {
    const [a, b] = await Promise.all([first.runtime.retention.runOnce(), second.runtime.retention.runOnce()])
    expect([a === null, b === null].sort()).toEqual([false, true])
    expect(await second.runtime.retention.runOnce()).not.toBeNull()
    expect(await first.runtime.retention.runOnce()).not.toBeNull()
  })
})

describe('when a started pruner first prunes', () => {
  const HOUR = 60 * 60_000
  const at = new Date('2026-06-01T12:00:00Z')
  const pruner = (intervalMs: number) => new RetentionPruner(rawTargetOf(plane.server.db, plane.server.runtime.options), { rules: [], intervalMs, batchSize: 100 }, { now: () => at, log: () => {} })
  const lastPruned = async (msAgo: number | null) => {
    await plane.server.db.svcRetentionState.deleteMany()
    if (msAgo !== null) await plane.server.db.svcRetentionState.create({ data: { key: 'audit', rows: 0, lastPrunedAt: new Date(at.getTime() - msAgo), lastPruned: 0 } })
  }

  test('a database never pruned waits a whole interval: nothing in it has been old enough for longer than this process has run', async () => {
    await lastPruned(null)
    expect(await pruner(HOUR).untilDue()).toBe(HOUR)
  })

  test('a restart does not prune again before the interval since the last prune, any instance\'s, is over', async () => {
    await lastPruned(10 * 60_000)
    expect(await pruner(HOUR).untilDue()).toBe(50 * 60_000)
  })

  test('a second start before the first prune is scheduled schedules none of its own', async () => {
    await lastPruned(null)
    let prunes = 0
    const counted = pruner(60)
    counted.runOnce = async () => { prunes++; return [] }
    counted.start()
    counted.start()
    await new Promise(resolve => setTimeout(resolve, 200))
    await counted.stop()
    // One schedule prunes about three times in 200 ms; two would prune about six.
    expect(prunes).toBeGreaterThanOrEqual(1)
    expect(prunes).toBeLessThanOrEqual(4)
  })

  test('a prune overdue at start runs a minute after it, so a start (or a restart loop) costs nothing', async () => {
    await lastPruned(3 * HOUR)
    expect(await pruner(HOUR).untilDue()).toBe(60_000)
    expect(await pruner(20_000).untilDue()).toBe(20_000)
  })
})

describe('retention settings', () => {
  const rules = CORE_RETENTION_RULES
  test('given days win over the environment, which wins over each rule\'s default; "keep" keeps rows', () => {
    const resolved = resolveRetention({ days: { audit: 30 } }, rules, { SVC_RETENTION_AUDIT_DAYS: '90', SVC_RETENTION_OUTBOX_FAILED_DAYS: 'keep', SVC_RETENTION_INTERVAL_MINUTES: '15' })
    expect(Object.fromEntries(resolved.rules.map(({ rule, days }) => [rule.name, days]))).toEqual({ audit: 30, outbox_delivered: 7, outbox_failed: null, idempotency_keys: 1, oauth_expired: 1 })
    expect(resolved.intervalMs).toBe(15 * 60_000)
  })

  test.each([
    [{ days: { audits: 30 } }, {}, 'retention.days: no rule named audits; rules: audit, outbox_delivered, outbox_failed, idempotency_keys, oauth_expired'],
    [{ days: { audit: 0 } }, {}, 'retention: days.audit'],
    [{}, { SVC_RETENTION_AUDIT_DAYS: '0' }, 'SVC_RETENTION_AUDIT_DAYS must be a number of days (1 or more) or "keep"'],
    [{}, { SVC_RETENTION_AUDIT_DAYS: 'soon' }, 'SVC_RETENTION_AUDIT_DAYS must be a positive integer'],
    [{ batchSize: 0 }, {}, 'retention: batchSize'],
  ])('%j with %j stops the start, naming the setting', (given, env, message) => {
    expect(() => resolveRetention(given, rules, env)).toThrow(message)
  })
})
