import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { Webhook } from 'standardwebhooks'
import { type InProcessServer, useTestServer, type UsedTestServer } from './support/in-process-server.ts'
import { seenBodies } from './support/client.ts'
import { deliver, startReceiver, type Receiver } from './support/webhooks.ts'
import { OutboxWorker } from '../packages/control-plane/src/platform/outbox/worker.ts'
import { rawTargetOf } from '../packages/control-plane/src/platform/db/raw-statements.ts'
import { forwardTopic } from '../packages/control-plane/src/resources/content-sources/forward/topic.ts'
import type { Json } from './support/json.ts'

const FORWARD_TOKEN = 'forward-Bearer-Token-0xABCDEF'
const FORWARD_WHSEC = `whsec_${Buffer.from('forward-hmac-key-of-32-bytes!!!!').toString('base64')}`
const MAPPING = { title: 'title', content: 'html', external_id: 'id' }

let receiver: Receiver
let failuresLeft = 0
afterEach(async () => receiver.close())
beforeEach(async () => {
  receiver = await startReceiver(() => failuresLeft-- > 0 ? 503 : 200)
})

type Sources = (action: string, params: Record<string, unknown>) => Promise<Json>
const sourcesOf = (plane: UsedTestServer): Sources => {
  const call = plane.caller('content_sources')
  return async (action, params) => {
    const res = await call(action, params)
    expect([action, res.status, res.body.error]).toEqual([action, 200, null])
    return res.body.data
  }
}

async function forwardingSource (server: InProcessServer, sources: Sources, settings: Record<string, unknown>) {
  const source = await sources('create', { name: `Forwarding ${Math.random()}`, auth_mode: 'none', forward_enabled: true, forward_url: receiver.url, ...settings })
  await deliver(server.app, source.slug, { id: 'sample', title: 'Sample', html: '<p>s</p>' })
  return source
}

describe('forwarding with a controlled clock', () => {
  let clock = new Date()
  const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }
  // No worker runs by itself here: the test drives each outbox pass and moves the clock.
  const plane = useTestServer({ clock: () => clock, outbox: false })
  const sources = sourcesOf(plane)
  // Each test drives the outbox itself, so it starts with none of another test's forwards queued.
  beforeEach(async () => { await plane.server.db.svcOutboxMessage.deleteMany() })

  test('a peer that fails twice then accepts gets each post once, in order, after backoff', async () => {
    const worker = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { [forwardTopic.topic]: payload => forwardTopic.deliver(payload, plane.server.runtime) }, { now: () => clock, baseMs: 1000 })
    const source = await forwardingSource(plane.server, sources, { forward_auth_mode: 'bearer', forward_secret: FORWARD_TOKEN })
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    await deliver(plane.server.app, source.slug, { id: 'second', title: 'Second', html: '<p>2</p>' })
    failuresLeft = 2

    expect(await worker.runOnce()).toBe(0)
    expect(await worker.runOnce()).toBe(0)
    advance(1000)
    expect(await worker.runOnce()).toBe(0)
    advance(1999)
    expect(await worker.runOnce()).toBe(0)
    advance(1)
    expect(await worker.runOnce()).toBe(2)
    advance(60_000)
    expect(await worker.runOnce()).toBe(0)

    expect(receiver.received.map(request => JSON.parse(request.body).post.title)).toEqual(['Sample', 'Sample', 'Sample', 'Second'])
    const accepted = receiver.received.slice(2).map(request => JSON.parse(request.body))
    expect(accepted.map(body => [body.type, body.post.external_id])).toEqual([['post.created', 'sample'], ['post.created', 'second']])
    expect(accepted[0]).toMatchObject({ source: { id: source.id, slug: source.slug }, post: { title: 'Sample', content: '<p>s</p>', status: 'draft', post_type: 'post' } })
    for (const request of receiver.received) expect(request.headers.authorization).toBe(`Bearer ${FORWARD_TOKEN}`)
    expect(await plane.server.db.svcOutboxMessage.count({ where: { status: 'delivered' } })).toBe(2)
  })

  test('hmac forwards carry Standard Webhooks headers, signed at each attempt, with a stable webhook-id', async () => {
    const worker = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { [forwardTopic.topic]: payload => forwardTopic.deliver(payload, plane.server.runtime) }, { now: () => clock, baseMs: 1000 })
    const source = await forwardingSource(plane.server, sources, { forward_auth_mode: 'hmac', forward_secret: FORWARD_WHSEC })
    failuresLeft = 1
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    await worker.runOnce()
    advance(5000)
    await worker.runOnce()
    const [first, second] = receiver.received
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id'])
    expect(Number(second!.headers['webhook-timestamp']) - Number(first!.headers['webhook-timestamp'])).toBe(5)
    const verified = new Webhook(FORWARD_WHSEC).verify(second!.body, second!.headers as Record<string, string>) as { post: { title: string } }
    expect(verified.post.title).toBe('Sample')
    expect(() => new Webhook(`whsec_${Buffer.from('another-key').toString('base64')}`).verify(second!.body, second!.headers as Record<string, string>)).toThrow()
  })

  test('pending forwards survive a restart: a new worker delivers them, with the secret read at delivery time', async () => {
    const first = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { [forwardTopic.topic]: payload => forwardTopic.deliver(payload, plane.server.runtime) }, { now: () => clock, baseMs: 10 })
    const source = await forwardingSource(plane.server, sources, { forward_auth_mode: 'bearer', forward_secret: 'old-token' })
    failuresLeft = 1
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    await first.runOnce()
    await first.stop()
    await sources('update', { id: source.id, forward_secret: FORWARD_TOKEN })
    const message = await plane.server.db.svcOutboxMessage.findFirstOrThrow({ where: { orderingKey: `content_source:${source.id}` } })
    expect(JSON.stringify(message.payload)).not.toContain('old-token')

    const second = new OutboxWorker(rawTargetOf(plane.server.db, plane.server.runtime.options), { [forwardTopic.topic]: payload => forwardTopic.deliver(payload, plane.server.runtime) }, { now: () => clock })
    advance(10)
    expect(await second.runOnce()).toBe(1)
    expect(receiver.received.map(request => request.headers.authorization)).toEqual(['Bearer old-token', `Bearer ${FORWARD_TOKEN}`])
  })

  test('only created and updated posts are forwarded, and nothing after forwarding is turned off', async () => {
    const source = await forwardingSource(plane.server, sources, {})
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    const key = `content_source:${source.id}`
    expect(await plane.server.db.svcOutboxMessage.count({ where: { orderingKey: key } })).toBe(1)
    await deliver(plane.server.app, source.slug, { id: 'sample', title: 'Again', html: '<p>s</p>' })
    expect(await plane.server.db.svcOutboxMessage.count({ where: { orderingKey: key } })).toBe(1)
    await sources('update', { id: source.id, reingest_mode: 'update' })
    await deliver(plane.server.app, source.slug, { id: 'sample', title: 'Again', html: '<p>s</p>' })
    expect(await plane.server.db.svcOutboxMessage.count({ where: { orderingKey: key } })).toBe(2)
    const [, updated] = await plane.server.db.svcOutboxMessage.findMany({ where: { orderingKey: key }, orderBy: { id: 'asc' } })
    expect((updated!.payload as { body: { type: string } }).body.type).toBe('post.updated')

    await sources('update', { id: source.id, forward_enabled: false })
    await deliver(plane.server.app, source.slug, { id: 'third', title: 'Third', html: '<p>3</p>' })
    expect(await plane.server.db.svcOutboxMessage.count({ where: { orderingKey: key } })).toBe(2)
  })
})

describe('forwarding with the running worker', () => {
  const plane = useTestServer({ outbox: { baseMs: 10, pollMs: 20 } })
  const sources = sourcesOf(plane)

  test('an ingested post is forwarded by the server\'s own worker, retried until the peer accepts', async () => {
    failuresLeft = 2
    const source = await forwardingSource(plane.server, sources, {})
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    await receiver.accepted(1)
    expect(receiver.received).toHaveLength(3)
    expect(JSON.parse(receiver.received[2]!.body).post.title).toBe('Sample')
  })

  test('no response carried a forward secret', async () => {
    for (const [mode, secret] of [['bearer', FORWARD_TOKEN], ['hmac', FORWARD_WHSEC]] as const) {
      const source = await forwardingSource(plane.server, sources, { forward_auth_mode: mode, forward_secret: secret })
      await sources('get', { id: source.id })
      await sources('export', { id: source.id })
    }
    await sources('list', {})
    expect(seenBodies.length).toBeGreaterThan(6)
    for (const body of seenBodies) {
      expect(body).not.toContain(FORWARD_TOKEN)
      expect(body).not.toContain(FORWARD_WHSEC)
    }
  })
})
