import { expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { storeDelivery } from '../packages/control-plane/src/resources/content-sources/ingest/store-delivery.ts'
import { prepareDelivery, stillValid } from '../packages/control-plane/src/resources/content-sources/ingest/prepare-delivery.ts'

const plane = useTestServer({ outbox: false })
const PROCESSABLE = ['received', 'held']

async function approvedSource (name: string) {
  const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name, auth_mode: 'none' } })
  const { id, slug } = created.body.data as { id: string, slug: string }
  expect((await deliver(plane.server.app, slug, { title: 'Sample', body: '<p>s</p>' })).status).toBe(202)
  expect((await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id, mapping: { title: 'title', content: 'body' } } })).status).toBe(200)
  return { id, slug }
}

// The mapping and HTML cleanup run before the transaction (no write lock held while a megabyte is
// sanitised); the transaction uses that work only if it was computed from the same body and source row.
test('a delivery is mapped and sanitised before its transaction, and the result is used only for the same body and source row', async () => {
  const { id, slug } = await approvedSource('Prepared')
  const body = JSON.stringify({ title: 'Prepared', body: '<p>kept</p><script>alert(1)</script>' })
  const stored = await storeDelivery(plane.server.db, { sourceId: id, sourceSlug: slug, webhookId: 'prep-1', body, now: new Date() })
  const deliveryId = stored.id
  const prepared = await prepareDelivery(plane.server.runtime, deliveryId, PROCESSABLE)
  expect(prepared).toMatchObject({ fields: { title: 'Prepared' }, body: '<p>kept</p>' })

  const source = await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id } })
  expect(stillValid(prepared, source, body)).toBe(prepared)
  expect(stillValid(prepared, { ...source, addHeadingAnchors: !source.addHeadingAnchors }, body)).toBeNull()
  expect(stillValid(prepared, source, `${body} `)).toBeNull()
  expect(stillValid(null, source, body)).toBeNull()
})

test('a delivery that would be held, is not JSON, or was already processed is not prepared', async () => {
  const { id, slug } = await approvedSource('Not prepared')
  const store = async (webhookId: string, body: string) =>
    (await storeDelivery(plane.server.db, { sourceId: id, sourceSlug: slug, webhookId, body, now: new Date() })).id
  expect(await prepareDelivery(plane.server.runtime, await store('other-shape', JSON.stringify({ headline: 'x' })), PROCESSABLE)).toBeNull()
  expect(await prepareDelivery(plane.server.runtime, await store('not-json', '{'), PROCESSABLE)).toBeNull()
  const done = await deliver(plane.server.app, slug, { title: 'Done', body: '<p>d</p>' }, { 'webhook-id': 'done-1' })
  expect(done.body.data.status).toBe('created')
  expect(await prepareDelivery(plane.server.runtime, done.body.data.delivery_id, PROCESSABLE)).toBeNull()
})
