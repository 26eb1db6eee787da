import { expect, jest, test } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { performance } from 'node:perf_hooks'
import path from 'node:path'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { mapDelivery } from '../packages/control-plane/src/resources/content-sources/ingest/map-delivery.ts'
import { deliveryMapper, mapDeliveryOffThread } from '../packages/control-plane/src/resources/content-sources/ingest/mapping-threads.ts'
import { prepareDelivery } from '../packages/control-plane/src/resources/content-sources/ingest/prepare-delivery.ts'
import { isProcessingHere, processDelivery } from '../packages/control-plane/src/resources/content-sources/ingest/process-delivery.ts'

jest.setTimeout(60_000)

const plane = useTestServer({ outbox: false })

const MAPPING = { title: 'headline', content: 'body_html', tags: 'tags', external_id: 'id' }

/** About 900 KB of article with markup the sanitiser must remove. */
function largeArticle (): Record<string, unknown> {
  const paragraph = (n: number) => `<p onclick="steal()">Paragraph ${n} <a href="javascript:alert(${n})">bad</a> <a href="https://example.com/${n}">good</a><script>alert(${n})</script> ${'lorem ipsum '.repeat(60)}</p>`
  return { id: 'large', headline: 'Large <b>headline</b>', body_html: Array.from({ length: 1100 }, (_, n) => paragraph(n)).join(''), tags: ['One', 'Two'] }
}

async function waitFor (condition: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error('the condition did not hold within 10 s')
    await new Promise(resolve => setTimeout(resolve, 2))
  }
}

async function approvedSource () {
  const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: `Thread feed ${Math.random()}`, auth_mode: 'none' } })
  const { id, slug } = created.body.data as { id: string, slug: string }
  expect((await deliver(plane.server.app, slug, { id: 'sample', headline: 'Sample', body_html: '<p>x</p>', tags: ['a'] })).status).toBe(202)
  expect((await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id, mapping: MAPPING } })).body.ok).toBe(true)
  return plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id } })
}

test('a delivery is mapped on a worker thread: the event loop waits for it (idle) where mapping on the main thread leaves it never idle, and the result is what the main thread computes', async () => {
  const source = await approvedSource()
  const deliveryBody = JSON.stringify(largeArticle())

  // The event loop's own account of the call: mapped on the main thread, it would never wait (idle 0).
  const before = performance.eventLoopUtilization()
  const offThread = await mapDeliveryOffThread({ source, deliveryBody })
  expect(performance.eventLoopUtilization(before).idle).toBeGreaterThan(0)
  const onMain = deliveryMapper(() => null, () => {})
  const beforeMain = performance.eventLoopUtilization()
  await onMain.map({ source, deliveryBody })
  expect(performance.eventLoopUtilization(beforeMain).idle).toBe(0)
  expect(offThread).toEqual(mapDelivery(source, deliveryBody))
  expect(offThread?.body).not.toMatch(/<script|javascript:|onclick/)
  expect(offThread?.body).toContain('href="https://example.com/1099"')
})

test('a delivery of another shape, or one that cannot be mapped, is left to its transaction (null), where it is held or reported', async () => {
  const source = await approvedSource()
  expect(await mapDeliveryOffThread({ source, deliveryBody: JSON.stringify({ other: 'shape' }) })).toBeNull()
  expect(await mapDeliveryOffThread({ source, deliveryBody: '{"not json' })).toBeNull()
})

test('without a built worker, deliveries are mapped on the main thread, with the same result, and the log says so once', async () => {
  const source = await approvedSource()
  const logged: string[] = []
  const mapper = deliveryMapper(() => null, message => { logged.push(message) })
  const deliveryBody = JSON.stringify(largeArticle())
  expect(await mapper.map({ source, deliveryBody })).toEqual(mapDelivery(source, deliveryBody))
  expect(await mapper.map({ source, deliveryBody: JSON.stringify({ other: 'shape' }) })).toBeNull()
  expect(logged).toEqual([expect.stringContaining('mapped on the main thread')])
})

test('a mapping thread that cannot even load is logged once, and deliveries are mapped on the main thread from then on', async () => {
  const source = await approvedSource()
  const folder = await mkdtemp(path.join(tmpdir(), 'svc-broken-worker-'))
  const broken = path.join(folder, 'broken.worker.mjs')
  await writeFile(broken, 'throw new Error("this worker cannot load")\n')
  const logged: Array<[string, unknown]> = []
  const mapper = deliveryMapper(() => broken, (message, error) => { logged.push([message, error]) })
  const deliveryBody = JSON.stringify(largeArticle())
  try {
    expect(await mapper.map({ source, deliveryBody })).toEqual(mapDelivery(source, deliveryBody))
    expect(await mapper.map({ source, deliveryBody })).toEqual(mapDelivery(source, deliveryBody))
    expect(logged).toEqual([[expect.stringContaining('mapped on the main thread: the mapping thread failed'), expect.objectContaining({ message: 'this worker cannot load' })]])
  } finally {
    await mapper.close()
    await rm(folder, { recursive: true, force: true })
  }
})

test('a replay that arrives while the first delivery is still being prepared shares its mapping instead of mapping the body again', async () => {
  const source = await approvedSource()
  const delivery = await plane.server.db.svcContentDelivery.create({
    data: { sourceId: source.id, body: JSON.stringify(largeArticle()), status: 'received' },
  })
  const first = prepareDelivery(plane.server.runtime, delivery.id, ['received', 'held'])
  const replay = prepareDelivery(plane.server.runtime, delivery.id, ['received'])
  expect(replay).toBe(first)
  const prepared = await first
  expect(prepared?.fields.title).toBe('Large headline')
  // Once settled, a later call prepares afresh (the delivery may have changed meanwhile).
  expect(prepareDelivery(plane.server.runtime, delivery.id, ['received'])).not.toBe(first)
})

test('a sender\'s replay while the first delivery is still processing answers duplicate, and one post is stored', async () => {
  const source = await approvedSource()
  const body = { ...largeArticle(), id: `replayed-${Math.random()}` }
  const headers = { 'webhook-id': `msg_${Math.random()}` }
  const first = deliver(plane.server.app, source.slug, body, headers)
  // The first is stored, and its 900 KB still being mapped, when the replay arrives.
  await waitFor(async () => await plane.server.db.svcContentDelivery.count({ where: { sourceId: source.id, webhookId: headers['webhook-id'] } }) === 1)
  const replay = await deliver(plane.server.app, source.slug, body, headers)
  const original = await first
  expect(original.status).toBe(200)
  expect(original.body.data.status).toBe('created')
  expect(replay.status).toBe(200)
  expect(replay.body.data).toEqual({ delivery_id: original.body.data.delivery_id, status: 'duplicate', post_id: null })
  expect(await plane.server.db.svcContentDelivery.count({ where: { sourceId: source.id, webhookId: headers['webhook-id'] } })).toBe(1)
})

test('a call processing a delivery is counted on its runtime until it ends, so a replay reaching this instance meanwhile is a duplicate and the first call makes the post', async () => {
  const source = await approvedSource()
  const body = { ...largeArticle(), id: `counted-${Math.random()}` }
  const webhookId = `msg_${Math.random()}`
  // Stored as the first call stores it; its processing starts here, so it is under way when the replay arrives.
  const stored = await plane.server.db.svcContentDelivery.create({ data: { sourceId: source.id, webhookId, body: JSON.stringify(body), status: 'received' } })
  const first = processDelivery(plane.server.runtime, stored.id)
  expect(isProcessingHere(plane.server.runtime, stored.id)).toBe(true)
  const replay = await deliver(plane.server.app, source.slug, body, { 'webhook-id': webhookId })
  expect(replay.body.data).toEqual({ delivery_id: stored.id, status: 'duplicate', post_id: null })
  expect(await first).toMatchObject({ status: 'created', claimed: true })
  expect(isProcessingHere(plane.server.runtime, stored.id)).toBe(false)
})
