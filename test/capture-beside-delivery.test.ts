import { expect, jest, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { LARGE_DELIVERY_MAPPING, largeDelivery, SAMPLE_DELIVERY } from '../bench/support/large-delivery.ts'

jest.setTimeout(120_000)

// How long a capture waits beside a delivery is measured by `npm run bench:capture`
// (docs/performance.md); this proves what must hold however busy the machine is.
const plane = useTestServer({ outbox: false })

test('leads.capture calls made while a large delivery with 100 terms is processed are all answered and stored, and the delivery makes its post', async () => {
  const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Large feed', auth_mode: 'none' } })
  const source = created.body.data as { id: string, slug: string }
  expect((await deliver(plane.server.app, source.slug, SAMPLE_DELIVERY)).status).toBe(202)
  expect((await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id: source.id, mapping: LARGE_DELIVERY_MAPPING } })).body.ok).toBe(true)

  const article = largeDelivery('large-1')
  expect(JSON.stringify(article).length).toBeGreaterThan(800 * 1024)
  expect(JSON.stringify(article).length).toBeLessThan(1024 * 1024)
  let delivering = true
  const delivery = deliver(plane.server.app, source.slug, article).finally(() => { delivering = false })

  const emails: string[] = []
  const answers: Array<[number, boolean | undefined]> = []
  expect(delivering).toBe(true)
  while (delivering || emails.length < 3) {
    emails.push(`during-${emails.length}@example.test`)
    const res = await plane.dispatch({ resource: 'leads', action: 'capture', params: { source: 'contact_form', email: emails.at(-1) } })
    answers.push([res.status, res.body.ok])
  }
  const res = await delivery
  expect([res.status, res.body.data?.status]).toEqual([200, 'created'])
  expect(answers).toEqual(emails.map(() => [200, true]))
  const stored = await plane.server.db.svcLead.findMany({ where: { email: { in: emails } }, select: { email: true } })
  expect(stored.map(lead => lead.email).sort()).toEqual([...emails].sort())
  expect(await plane.server.db.post.count({ where: { title: 'A very large delivery large-1' } })).toBe(1)
})
