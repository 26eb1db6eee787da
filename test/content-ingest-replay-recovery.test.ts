import { expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { storeDelivery } from '../packages/control-plane/src/resources/content-sources/ingest/store-delivery.ts'

const plane = useTestServer({ outbox: false })

/** An active source (auth `none`, where the webhook-id is the idempotency key) mapping `title` and `body`. */
async function activeSource (name: string) {
  const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name, auth_mode: 'none' } })
  const { id, slug } = created.body.data as { id: string, slug: string }
  expect((await deliver(plane.server.app, slug, { title: 'Sample', body: '<p>s</p>' }, { 'webhook-id': `${slug}-sample` })).status).toBe(202)
  const approved = await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id, mapping: { title: 'title', content: 'body' } } })
  expect(approved.status).toBe(200)
  return { id, slug }
}

// Found while writing the fault-injection suite (npm run test:faults): a process killed after the inbox write
// and before the delivery became a post left it `received`, and the sender's retry was answered
// `duplicate` — acknowledged, never processed.
test('a replay of a delivery stored by a process that died before processing it processes it once', async () => {
  const { id, slug } = await activeSource('Crashed between store and process')
  const body = { title: 'Survives the crash', body: '<p>kept</p>' }
  await storeDelivery(plane.server.db, { sourceId: id, sourceSlug: slug, webhookId: 'msg-1', body: JSON.stringify(body), now: new Date() })

  const retried = await deliver(plane.server.app, slug, body, { 'webhook-id': 'msg-1' })
  expect([retried.status, retried.body.data.status]).toEqual([200, 'created'])
  const postId = retried.body.data.post_id
  expect(postId).not.toBeNull()

  const again = await deliver(plane.server.app, slug, body, { 'webhook-id': 'msg-1' })
  expect([again.status, again.body.data.status]).toEqual([200, 'duplicate'])
  expect(await plane.server.db.svcContentDelivery.count({ where: { sourceId: id, webhookId: 'msg-1' } })).toBe(1)
  expect(await plane.server.db.svcContentDelivery.findFirst({ where: { sourceId: id, webhookId: 'msg-1' }, select: { status: true, postId: true } }))
    .toEqual({ status: 'created', postId: String(postId) })
  expect(await plane.server.db.post.count({ where: { title: 'Survives the crash' } })).toBe(1)
})

test('a replay of a processed delivery is still a duplicate and writes nothing', async () => {
  const { slug } = await activeSource('Plain replay')
  const first = await deliver(plane.server.app, slug, { title: 'Once', body: '<p>1</p>' }, { 'webhook-id': 'msg-2' })
  expect(first.body.data.status).toBe('created')
  const replay = await deliver(plane.server.app, slug, { title: 'Once', body: '<p>1</p>' }, { 'webhook-id': 'msg-2' })
  expect([replay.status, replay.body.data.status, replay.body.data.post_id]).toEqual([200, 'duplicate', null])
  expect(await plane.server.db.post.count({ where: { title: 'Once' } })).toBe(1)
})
