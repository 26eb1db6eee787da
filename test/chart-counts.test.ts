import { beforeEach, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, getWithKey } from './support/client.ts'

// The charts read counts the database keeps in triggers (migration 0024_tallies). Each test moves
// the clock to a day of its own, so what one test writes is never in another's window.
let clock = new Date('2026-05-01T10:30:00.000Z')
const plane = useTestServer({ outbox: false, clock: () => clock })
const DAY_MS = 24 * 60 * 60 * 1000
let day = 0
beforeEach(() => { clock = new Date(Date.UTC(2026, 4, 1 + 3 * ++day, 10, 30)) })

const at = (hoursAgo: number) => new Date(clock.getTime() - hoursAgo * 60 * 60 * 1000)
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

describe('leads: per day by source and the status funnel', () => {
  const leads = plane.caller('leads')

  test('follow capture, status changes and deletes, and equal a live count of the ledger', async () => {
    const captured: number[] = []
    for (const source of ['funnel_form', 'funnel_form', 'funnel_ads', 'funnel_ads']) {
      const res = await leads('capture', { source, email: `${captured.length}@funnel.example` })
      expect(res.status).toBe(200)
      captured.push(res.body.data.id as number)
    }
    // One lead from yesterday, written by hand: the database counts every path, not only the operations.
    await plane.server.db.svcLead.create({ data: { ref: `ld_funnel_${day}`, source: 'funnel_ads', firstSeen: new Date(clock.getTime() - DAY_MS) } })
    expect((await leads('set_status', { id: captured[0], status: 'Contacted' })).status).toBe(200)
    expect((await leads('set_status', { id: captured[1], status: 'Customer' })).status).toBe(200)
    expect((await leads('set_status', { id: captured[1], status: 'Qualified' })).status).toBe(200)
    expect((await leads('delete', { id: captured[3] }, true)).status).toBe(200)

    const daily = await leads('daily_counts', { days: 2 })
    expect(daily.body.data).toEqual({
      days: [{ day: isoDay(new Date(clock.getTime() - DAY_MS)), counts: { funnel_ads: 1 } }, { day: isoDay(clock), counts: { funnel_ads: 1, funnel_form: 2 } }],
      sources: ['funnel_ads', 'funnel_form'],
      total: 4,
    })

    const funnel = await leads('status_counts', {})
    const live = await plane.server.db.svcLead.groupBy({ by: ['status'], _count: { _all: true } })
    const liveCount = (status: string) => live.find(group => group.status === status)?._count._all ?? 0
    expect(funnel.body.data.statuses).toEqual(['New', 'Contacted', 'Qualified', 'Unqualified', 'Customer'].map(status => ({ status, count: liveCount(status) })))
    expect(funnel.body.data.total).toBe(await plane.server.db.svcLead.count())
    expect(funnel.body.data.statuses.find((entry: { status: string }) => entry.status === 'Qualified').count).toBeGreaterThanOrEqual(1)
  })
})

test('pipelines.daily_run_counts counts runs per day by status, and keeps them when retention removes the runs', async () => {
  const run = (status: string, createdAt: Date) => plane.server.db.svcPipelineRun.create({ data: { postId: '1', recipeId: 'default', status, triggerKind: 'manual', createdAt } })
  await run('success', at(0)); await run('success', at(0)); await run('failed', at(0))
  await run('skipped', at(24)); await run('dry_run', at(72))
  const pipelines = plane.caller('pipelines')
  const expected = {
    days: [{ day: isoDay(at(24)), counts: { skipped: 1 } }, { day: isoDay(clock), counts: { failed: 1, success: 2 } }],
    statuses: ['failed', 'skipped', 'success'],
    total: 4,
  }
  expect((await pipelines('daily_run_counts', { days: 2 })).body.data).toEqual(expected)
  await plane.server.db.svcPipelineRun.deleteMany({ where: { createdAt: { gte: at(30), lte: at(0) } } })
  expect((await pipelines('daily_run_counts', { days: 2 })).body.data).toEqual(expected)
  expect((await pipelines('daily_run_counts', { days: 91 })).body.code).toBe('invalid_params')
})

test('webhooks.delivery_stats gives every subscription its attempts in the window, succeeded and failed', async () => {
  const webhooks = plane.caller('webhooks')
  const created = await webhooks('create', { url: 'https://hooks.example.com/stats-a', event_types: ['lead.*'] })
  const idle = await webhooks('create', { url: 'https://hooks.example.com/stats-b', event_types: ['lead.*'] })
  const id = created.body.data.id as string
  const attempt = (status: string, when: Date) => plane.server.db.svcWebhookDelivery.create({ data: { subscriptionId: id, eventId: 'evt', eventType: 'lead.captured', status, at: when } })
  await attempt('succeeded', at(0)); await attempt('succeeded', at(30)); await attempt('succeeded', at(30)); await attempt('failed', at(1))
  await attempt('failed', at(24 * 8)) // before a week
  const stats = await webhooks('delivery_stats', { days: 7 })
  const of = (subscription: string) => stats.body.data.subscriptions.find((entry: { id: string }) => entry.id === subscription)
  expect(of(id)).toEqual({ id, url: 'https://hooks.example.com/stats-a', succeeded: 3, failed: 1, success_rate: 0.75 })
  expect(of(idle.body.data.id as string)).toEqual({ id: idle.body.data.id, url: 'https://hooks.example.com/stats-b', succeeded: 0, failed: 0, success_rate: null })
  expect((await webhooks('delivery_stats', { days: 1 })).body.data.subscriptions.find((entry: { id: string }) => entry.id === id)).toMatchObject({ succeeded: 1, failed: 1 })
})

test('status.audit_activity counts every audited call per hour by door, as the audit log holds them', async () => {
  const status = plane.caller('status')
  await status('get', {})
  await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get')
  await request(plane.server.app).post(`${BASE}/manage/status/get`).set('Authorization', `Bearer ${plane.admin.key}`).send({})
  clock = at(-1)
  await status('get', {})
  const hourStart = new Date(Math.floor(clock.getTime() / 3_600_000) * 3_600_000 - 23 * 3_600_000)
  const entries = await plane.server.db.svcAuditEntry.findMany({ where: { at: { gte: hourStart, lt: new Date(hourStart.getTime() + 24 * 3_600_000) } }, select: { at: true, channel: true, mode: true } })
  const activity = await status('audit_activity', {})
  expect(activity.status).toBe(200)
  const live: Record<string, Record<string, number>> = {}
  for (const entry of entries) {
    const hour = entry.at!.toISOString().slice(0, 13)
    const door = entry.mode === 'session' ? 'admin_ui' : entry.channel
    live[hour] = { ...live[hour], [door]: (live[hour]?.[door] ?? 0) + 1 }
  }
  expect(activity.body.data.hours).toHaveLength(24)
  expect(activity.body.data.hours.at(-1).hour).toBe(clock.toISOString().slice(0, 13))
  for (const { hour, counts } of activity.body.data.hours as Array<{ hour: string, counts: Record<string, number> }>) expect(counts).toEqual(live[hour] ?? {})
  const previous = activity.body.data.hours.at(-2).counts
  expect(previous).toMatchObject({ read_form: 1, route: 1 })
  expect(previous.dispatch).toBeGreaterThanOrEqual(1)
})

test('status.outbox_depth gives the messages pending at the end of each hour, from those entering and leaving', async () => {
  // A message given up on leaves the pending state at the database's own clock: this test runs on it.
  clock = new Date()
  const db = plane.server.db
  await db.svcOutboxMessage.deleteMany({ where: { status: 'pending' } })
  const message = (createdAt: Date) => db.svcOutboxMessage.create({ data: { topic: 'chart.test', orderingKey: `chart-${day}-${createdAt.getTime()}`, createdAt, nextAttemptAt: createdAt } })
  const early = await message(at(5))
  const second = await message(at(5))
  await message(at(2))
  // The worker delivers one, gives up on one: both leave the pending state at their hour.
  await db.svcOutboxMessage.update({ where: { id: early.id }, data: { status: 'delivered', deliveredAt: at(3) } })
  await db.svcOutboxMessage.update({ where: { id: second.id }, data: { status: 'failed' } })
  const depth = await plane.caller('status')('outbox_depth', {})
  expect(depth.status).toBe(200)
  const { hours, pending } = depth.body.data as { hours: Array<{ hour: string, depth: number, entered: number, left: number }>, pending: number }
  expect(pending).toBe(1)
  const hour = (hoursAgo: number) => hours.find(entry => entry.hour === at(hoursAgo).toISOString().slice(0, 13))!
  expect(hour(6).depth).toBe(0)
  expect(hour(5)).toMatchObject({ entered: 2, depth: 2 })
  expect(hour(3)).toMatchObject({ left: 1, depth: 1 })
  expect(hour(2)).toMatchObject({ entered: 1, depth: 2 })
  expect(hours.at(-1)!.depth).toBe(1)
})
