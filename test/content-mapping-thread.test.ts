import { expect, jest, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { mapDelivery } from '../packages/control-plane/src/resources/content-sources/ingest/map-delivery.ts'
import { mapDeliveryOffThread } from '../packages/control-plane/src/resources/content-sources/ingest/mapping-threads.ts'

jest.setTimeout(60_000)

const plane = useTestServer({ outbox: false })

const MAPPING = { title: 'headline', content: 'body_html', tags: 'tags', external_id: 'id' }

/** About 900 KB of article with markup the sanitiser must remove. */
function largeArticle (): Record<string, unknown> {
  const paragraph = (n: number) => `<p onclick="steal()">Paragraph ${n} <a href="javascript:alert(${n})">bad</a> <a href="https://example.com/${n}">good</a><script>alert(${n})</script> ${'lorem ipsum '.repeat(60)}</p>`
  return { id: 'large', headline: 'Large <b>headline</b>', body_html: Array.from({ length: 1100 }, (_, n) => paragraph(n)).join(''), tags: ['One', 'Two'] }
}

async function approvedSource () {
  const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: `Thread feed ${Math.random()}`, auth_mode: 'none' } })
  const { id, slug } = created.body.data as { id: string, slug: string }
  expect((await deliver(plane.server.app, slug, { id: 'sample', headline: 'Sample', body_html: '<p>x</p>', tags: ['a'] })).status).toBe(202)
  expect((await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id, mapping: MAPPING } })).body.ok).toBe(true)
  return plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id } })
}

test('a delivery is mapped on a worker thread: the event loop keeps turning meanwhile, and the result is what the main thread computes', async () => {
  const source = await approvedSource()
  const deliveryBody = JSON.stringify(largeArticle())

  let ticks = 0
  const timer = setInterval(() => { ticks += 1 }, 5)
  const started = performance.now()
  const offThread = await mapDeliveryOffThread({ source, deliveryBody })
  const elapsed = performance.now() - started
  clearInterval(timer)

  // Mapped on the main thread, no timer could fire until it returned.
  expect(ticks).toBeGreaterThanOrEqual(Math.min(3, Math.floor(elapsed / 20)))
  expect(ticks).toBeGreaterThan(0)
  expect(offThread).toEqual(mapDelivery(source, deliveryBody))
  expect(offThread?.body).not.toMatch(/<script|javascript:|onclick/)
  expect(offThread?.body).toContain('href="https://example.com/1099"')
})

test('a delivery of another shape, or one that cannot be mapped, is left to its transaction (null), where it is held or reported', async () => {
  const source = await approvedSource()
  expect(await mapDeliveryOffThread({ source, deliveryBody: JSON.stringify({ other: 'shape' }) })).toBeNull()
  expect(await mapDeliveryOffThread({ source, deliveryBody: '{"not json' })).toBeNull()
})
