import { expect, jest, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { TERM_LIMITS } from '../packages/control-plane/src/platform/html/terms.ts'

jest.setTimeout(120_000)

/**
 * How long a lead capture may wait behind a delivery being processed (issue 27, item 6). The
 * delivery is parsed, mapped and sanitized on a worker thread (ingest/mapping-threads.ts), so what
 * a capture waits for is the delivery's own short writes: ~0.1 s on a quiet machine, against
 * 0.2 s quiet and 1.0–1.1 s under load when sanitizing ran on the event loop. Unbounded terms
 * held SQLite's write lock 2–5 s.
 */
const CAPTURE_BOUND_MS = 1000

const plane = useTestServer({ outbox: false })

const MAPPING = { title: 'headline', content: 'body_html', tags: 'tags', categories: 'category', external_id: 'id' }
const names = (prefix: string) => Array.from({ length: TERM_LIMITS.perField }, (_, i) => `${prefix} ${i} ${'n'.repeat(TERM_LIMITS.nameLength - prefix.length - 6)}`)

/** About 900 KB of article: paragraphs with links and images, under the 1 MiB body limit with its 100 terms. */
function largeArticle (): Record<string, unknown> {
  const paragraph = (n: number) => `<p>Paragraph ${n} with <a href="https://example.com/${n}">a link</a> and <strong>bold</strong> words, ${'lorem ipsum '.repeat(60)}</p>`
  return {
    id: 'large-1', headline: 'A very large delivery', body_html: Array.from({ length: 1100 }, (_, n) => paragraph(n)).join(''),
    tags: names('Tag'), category: names('Category').join(','),
  }
}

test(`a leads.capture is not held back more than ${CAPTURE_BOUND_MS} ms while a large delivery with 100 terms is processed`, async () => {
  const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Large feed', auth_mode: 'none' } })
  const source = created.body.data as { id: string, slug: string }
  expect((await deliver(plane.server.app, source.slug, { id: 'sample', headline: 'Sample', body_html: '<p>x</p>', tags: ['a'], category: 'News' })).status).toBe(202)
  expect((await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id: source.id, mapping: MAPPING } })).body.ok).toBe(true)

  const article = largeArticle()
  expect(JSON.stringify(article).length).toBeGreaterThan(800 * 1024)
  expect(JSON.stringify(article).length).toBeLessThan(1024 * 1024)
  let delivering = true
  const delivery = deliver(plane.server.app, source.slug, article).finally(() => { delivering = false })

  const waits: number[] = []
  while (delivering || waits.length === 0) {
    const started = performance.now()
    const res = await plane.dispatch({ resource: 'leads', action: 'capture', params: { source: 'contact_form', email: `during-${waits.length}@example.test` } })
    waits.push(performance.now() - started)
    expect(res.status).toBe(200)
  }
  const res = await delivery
  expect([res.status, res.body.data?.status]).toEqual([200, 'created'])
  // Several captures ran while the delivery was in flight, and none waited past the bound.
  expect(waits.length).toBeGreaterThan(1)
  expect(Math.max(...waits)).toBeLessThan(CAPTURE_BOUND_MS)
})
