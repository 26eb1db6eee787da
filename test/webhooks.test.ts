import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { Webhook } from 'standardwebhooks'
import { startTestServer, useTestServer } from './support/in-process-server.ts'
import { typedCaller } from './support/operations.ts'
import { BASE } from './support/client.ts'
import type { Json, JsonObject } from './support/json.ts'
import { readUntil } from './support/eventually.ts'

type Delivery = { headers: IncomingHttpHeaders, body: string, at: number }

type TestReceiver = {
  url: string
  received: Delivery[]
  /** Resolves once `count` deliveries have arrived. */
  arrived: (count: number) => Promise<void>
  close: () => Promise<void>
}

/** A receiver on loopback answering each delivery with `answer(n)` (1-based); `'hang'` never answers. */
async function startReceiver (answer: (n: number) => number | 'hang' = () => 200): Promise<TestReceiver> {
  const received: Delivery[] = []
  const waiters: { count: number, resolve: () => void }[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() })
      for (const waiter of waiters.filter(w => received.length >= w.count)) waiter.resolve()
      const status = answer(received.length)
      if (status === 'hang') return
      res.statusCode = status
      res.end(status < 300 ? '{"received":true}' : 'not now')
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    arrived: count => received.length >= count ? Promise.resolve() : new Promise(resolve => waiters.push({ count, resolve })),
    close: () => new Promise(resolve => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}

/** Verifies a delivery with the reference implementation, as a receiver would; returns the parsed event. */
function verified (secret: string, delivery: Delivery): JsonObject {
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as JsonObject
}

/** Whether one of a delivery's signatures is the one the reference implementation makes with `secret`. */
function signedWith (secret: string, delivery: Delivery): boolean {
  const id = String(delivery.headers['webhook-id'])
  const at = new Date(Number(delivery.headers['webhook-timestamp']) * 1000)
  const expected = new Webhook(secret).sign(id, at, delivery.body)
  return String(delivery.headers['webhook-signature']).split(' ').includes(expected)
}

const within = async <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms) })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

describe('with the outbox worker running', () => {
  // The worker polls once a minute here: a delivery that arrives sooner was sent by the kick of
  // the change that caused it, which is what these tests prove, without timing a loaded machine.
  const plane = useTestServer({ outbox: { pollMs: 60_000 } })
  const webhooks = typedCaller(plane.dispatch, 'webhooks')
  const leads = typedCaller(plane.dispatch, 'leads')
  const receivers: TestReceiver[] = []
  const receiver = async (answer?: (n: number) => number | 'hang') => {
    const started = await startReceiver(answer)
    receivers.push(started)
    return started
  }
  afterAll(async () => { await Promise.all(receivers.map(r => r.close())) })

  test('a lead.* subscription receives a signed lead.captured at once after a public form post, not at the next poll', async () => {
    const live = await receiver()
    const created = await webhooks('create', { url: live.url, event_types: ['lead.*'], description: 'intake' })
    expect(created.status).toBe(200)
    const { id, secret } = created.body.data
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

    const form = await request(plane.server.app).post(`${BASE}/public/leads`).type('form').send({ source: 'landing', email: 'webhook.lead@example.com' })
    expect(form.status).toBe(200)
    await within(live.arrived(1), 10_000, 'the signed lead.captured')

    const event = verified(secret, live.received[0]!)
    expect(event).toMatchObject({ type: 'lead.captured', actor: null, data: { ref: form.body.data.ref, source: 'landing', email: 'webhook.lead@example.com', via: 'public_form' } })
    expect(live.received[0]!.headers['webhook-id']).toBe(event.id)
    const deliveries = await readUntil(() => webhooks('list_deliveries', { id }), res => res.body.data.items.length > 0)
    expect(deliveries.body.data.items[0]).toMatchObject({ event_id: event.id, event_type: 'lead.captured', status: 'succeeded', http_status: 200, response_excerpt: '{"received":true}' })
    await webhooks('delete', { id }, true)
  })

  test('a dead receiver beside a live one: the live one gets its events without waiting for the dead one', async () => {
    const dead = await receiver(() => 'hang')
    const live = await receiver()
    const deadSub = await webhooks('create', { url: dead.url, event_types: ['lead.captured'] })
    const liveSub = await webhooks('create', { url: live.url, event_types: ['lead.captured'] })
    const capture = () => leads('capture', { source: 'beside-dead', email: 'x@example.com' })

    await capture()
    await within(dead.arrived(1), 10_000, 'the dead receiver being called')
    await within(live.arrived(1), 10_000, 'the first live delivery')
    // The dead receiver's lane now holds its connection open until the 10 s delivery timeout; the
    // next event must reach the live one before that.
    await capture()
    await within(live.arrived(2), 5000, 'the live delivery while the dead receiver hangs')
    expect(dead.received).toHaveLength(1)
    await webhooks('delete', { id: deadSub.body.data.id }, true)
    await webhooks('delete', { id: liveSub.body.data.id }, true)
    await dead.close()
  })

  test('events reach a subscription in the order of their changes', async () => {
    const live = await receiver()
    const sub = await webhooks('create', { url: live.url, event_types: ['lead.*'] })
    const lead = (await leads('capture', { source: 'ordered' })).body.data
    for (const status of ['Contacted', 'Qualified', 'Customer'] as const) {
      expect((await leads('set_status_local', { id: lead.id, status })).status).toBe(200)
    }
    await leads('delete', { id: lead.id }, true)
    await within(live.arrived(5), 10_000, 'five events')
    const events = live.received.map(delivery => verified(sub.body.data.secret, delivery))
    expect(events.map(event => event.type)).toEqual(['lead.captured', 'lead.status_changed', 'lead.status_changed', 'lead.status_changed', 'lead.deleted'])
    expect(events.slice(1, 4).map(event => event.data.to)).toEqual(['Contacted', 'Qualified', 'Customer'])
    expect(events[1]!.actor).toEqual({ account_id: String(plane.admin.id), key_id: expect.any(String) })
    await webhooks('delete', { id: sub.body.data.id }, true)
  })
})

describe('with the clock in the test\'s hands', () => {
  let clock = new Date()
  const plane = useTestServer(() => ({ clock: () => clock, outbox: false }))
  const webhooks = typedCaller(plane.dispatch, 'webhooks')
  const leads = typedCaller(plane.dispatch, 'leads')
  const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }
  const deliver = () => plane.server.runtime.outbox.runOnce()
  let hook: TestReceiver
  let status = 200

  beforeAll(async () => { hook = await startReceiver(() => status) })
  afterAll(async () => { await hook.close() })
  beforeEach(async () => {
    advance(60_000)
    status = 200
    hook.received.length = 0
    await plane.server.db.svcOutboxMessage.deleteMany()
    await plane.server.db.svcWebhookSubscription.deleteMany()
  })

  test('a failed delivery is retried with back-off and succeeds, with the same event id and both attempts logged', async () => {
    const sub = (await webhooks('create', { url: hook.url, event_types: ['lead.captured'] })).body.data
    status = 503
    await leads('capture', { source: 'retry' })
    expect(await deliver()).toBe(0)
    expect(await deliver()).toBe(0)
    expect(hook.received).toHaveLength(1)
    expect((await webhooks('get', { id: sub.id })).body.data.failing_since).toBe(clock.toISOString())

    status = 200
    advance(5000)
    expect(await deliver()).toBe(1)
    expect(hook.received).toHaveLength(2)
    expect(hook.received[1]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id'])
    const log = (await webhooks('list_deliveries', { id: sub.id })).body.data
    expect(log.items.map((item: Json) => [item.attempt, item.status, item.http_status])).toEqual([[2, 'succeeded', 200], [1, 'failed', 503]])
    expect(log.items[1].response_excerpt).toBe('not now')
    expect((await webhooks('get', { id: sub.id })).body.data.failing_since).toBeNull()
  })

  test('a subscription failing for longer than three days is disabled with the reason, and the Health counts show it', async () => {
    const sub = (await webhooks('create', { url: hook.url, event_types: ['lead.*'] })).body.data
    status = 500
    await leads('capture', { source: 'window' })
    await deliver()
    advance(2 * 24 * 3600_000)
    await deliver()
    expect((await webhooks('get', { id: sub.id })).body.data.enabled).toBe(true)
    advance(24 * 3600_000 + 1000)
    await deliver()
    const after = (await webhooks('get', { id: sub.id })).body.data
    expect(after.enabled).toBe(false)
    expect(after.disabled_reason).toMatch(/^deliveries failed from .* \(last: http:\/\/127\.0\.0\.1:\d+ answered 500\)/)
    const message = await plane.server.db.svcOutboxMessage.findFirstOrThrow({ where: { orderingKey: `webhook:${sub.id}` } })
    expect(message.status).toBe('failed')
    const counts = (await typedCaller(plane.dispatch, 'status')('get', {})).body.data.counts
    expect(counts.webhooks_disabled).toBeGreaterThanOrEqual(1)

    // A disabled subscription gets nothing; enabling it clears the reason.
    await leads('capture', { source: 'while-disabled' })
    expect(await plane.server.db.svcOutboxMessage.count({ where: { orderingKey: `webhook:${sub.id}`, status: 'pending' } })).toBe(0)
    const enabled = (await webhooks('update', { id: sub.id, enabled: true })).body.data
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null })
  })

  test('after rotate_secret deliveries carry both signatures for 24 hours, then only the new one', async () => {
    const created = (await webhooks('create', { url: hook.url, event_types: ['lead.captured'] })).body.data
    const rotated = (await webhooks('rotate_secret', { id: created.id })).body.data
    expect(rotated.secret).not.toBe(created.secret)
    await leads('capture', { source: 'rotation' })
    await deliver()
    expect(signedWith(created.secret, hook.received[0]!)).toBe(true)
    expect(signedWith(rotated.secret, hook.received[0]!)).toBe(true)

    advance(24 * 3600_000 + 1000)
    await leads('capture', { source: 'rotation' })
    await deliver()
    expect(signedWith(rotated.secret, hook.received[1]!)).toBe(true)
    expect(signedWith(created.secret, hook.received[1]!)).toBe(false)
    expect(String(hook.received[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1)
  })

  test('webhooks.test sends a signed webhook.test at once and redeliver queues it again under the same id', async () => {
    const sub = (await webhooks('create', { url: hook.url, event_types: ['lead.*'] })).body.data
    const sent = await webhooks('test', { id: sub.id })
    expect(sent.body.data).toMatchObject({ delivered: true, http_status: 200, error: null })
    const event = JSON.parse(hook.received[0]!.body)
    expect(event).toMatchObject({ id: sent.body.data.event_id, type: 'webhook.test', data: { subscription_id: sub.id } })
    expect(signedWith(sub.secret, hook.received[0]!)).toBe(true)

    expect((await webhooks('redeliver', { id: sub.id, event_id: event.id })).body.data).toEqual({ id: sub.id, event_id: event.id, queued: true })
    await deliver()
    expect(hook.received[1]!.headers['webhook-id']).toBe(event.id)
    expect((await webhooks('redeliver', { id: sub.id, event_id: 'evt_missing' })).body.code).toBe('not_found')
  })

  test('a change that rolls back emits nothing', async () => {
    await webhooks('create', { url: hook.url, event_types: ['lead.*'] })
    const before = await plane.server.db.svcEvent.count()
    const refused = await leads('set_status_local', { id: 999_999, status: 'Contacted' })
    expect(refused.body.code).toBe('not_found')
    expect(await plane.server.db.svcEvent.count()).toBe(before)
    expect(await plane.server.db.svcOutboxMessage.count()).toBe(0)
  })

  test('subscriptions refuse unknown event types and internal URLs, and never show a secret after create', async () => {
    const unknown = await webhooks('create', { url: hook.url.replace('127.0.0.1', 'hooks.example.com'), event_types: ['lead.captured', 'leed.*'] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe('invalid_params')
    expect(unknown.body.error).toContain('leed.*')
    const internal = await webhooks('create', { url: 'http://10.0.0.5/hook', event_types: ['*'] })
    expect(internal.status).toBe(400)
    expect(JSON.stringify(internal.body)).toContain('forbidden_destination')

    const created = (await webhooks('create', { url: hook.url, event_types: ['*'] })).body.data
    const bodies = [
      await webhooks('get', { id: created.id }),
      await webhooks('list', {}),
      await webhooks('update', { id: created.id, description: 'renamed' }),
      await webhooks('list_deliveries', { id: created.id }),
    ].map(res => res.text)
    for (const body of bodies) expect(body).not.toContain(created.secret)
    for (const body of bodies) expect(body).not.toContain('"secret"')
  })

  test('the manifest lists the event catalogue and the OpenAPI document describes each event as a webhook', async () => {
    const manifest = await request(plane.server.app).get(`${BASE}/manage/manifest`).set('Authorization', `Bearer ${plane.admin.key}`)
    const types = manifest.body.data.events.map((event: Json) => event.type)
    for (const type of ['lead.captured', 'lead.status_changed', 'lead.deleted', 'webhook.test']) expect(types).toContain(type)
    const captured = manifest.body.data.events.find((event: Json) => event.type === 'lead.captured')
    expect(captured.data).toMatchObject({ type: 'object', properties: { ref: { type: 'string' } } })
    const openapi = await request(plane.server.app).get(`${BASE}/openapi.json`).set('Authorization', `Bearer ${plane.admin.key}`)
    expect(Object.keys(openapi.body.webhooks).sort()).toEqual([...types].sort())
    expect(openapi.body.webhooks['lead.captured'].post.requestBody.content['application/json'].schema.properties.data).toEqual(captured.data)
  })
})

describe('two instances on one database', () => {
  const plane = useTestServer({ outbox: false })
  const leads = typedCaller(plane.dispatch, 'leads')

  test('both deliver at once, yet each event reaches the subscription once and in order', async () => {
    const second = await startTestServer({ sharedWith: plane.server, controlPlane: { outbox: false } })
    const hook = await startReceiver()
    try {
      const sub = (await typedCaller(plane.dispatch, 'webhooks')('create', { url: hook.url, event_types: ['lead.captured'] })).body.data
      const refs: string[] = []
      for (let n = 0; n < 12; n++) refs.push((await leads('capture', { source: `instances-${n}` })).body.data.ref)
      const instances = [plane.server.runtime.outbox, second.runtime.outbox]
      await Promise.all([...instances, ...instances].map(outbox => outbox.runOnce()))
      while ((await Promise.all(instances.map(outbox => outbox.runOnce()))).some(n => n > 0));
      const events = hook.received.map(delivery => verified(sub.secret, delivery))
      expect(events.map(event => event.data.ref)).toEqual(refs)
      expect(new Set(events.map(event => event.id)).size).toBe(12)
    } finally {
      await hook.close()
      await second.close()
    }
  })
})
