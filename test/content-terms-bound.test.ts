import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { TERM_LIMITS } from '../packages/control-plane/src/platform/html/terms.ts'

const plane = useTestServer({ outbox: false })

const sources = async (action: string, params: Record<string, unknown> = {}) => {
  const res = await plane.dispatch({ resource: 'content_sources', action, params })
  expect([action, res.status, res.body.error]).toEqual([action, 200, null])
  return res.body.data
}
const names = (count: number, prefix = 'Topic') => Array.from({ length: count }, (_, i) => `${prefix} ${i}`)
const article = (n: number, extra: Record<string, unknown> = {}) => ({ id: `t-${n}`, headline: `Terms ${n}`, body_html: '<p>x</p>', tags: ['Alpha'], category: 'News', ...extra })
const MAPPING = { title: 'headline', content: 'body_html', tags: 'tags', categories: 'category', external_id: 'id' }
const inbox = (sourceId: string) => plane.server.db.svcContentDelivery.findMany({ where: { sourceId }, orderBy: { id: 'asc' } })

async function activeSource (name: string) {
  const source = await sources('create', { name, auth_mode: 'none' })
  expect((await deliver(plane.server.app, source.slug, article(0))).status).toBe(202)
  await sources('approve_mapping', { id: source.id, mapping: MAPPING })
  return source as { id: string, slug: string }
}

describe('terms a delivery may create are bounded', () => {
  test.each([
    ['51 tags', { tags: names(TERM_LIMITS.perField + 1) }, 'tags has 51 names; at most 50 are allowed'],
    ['51 comma-separated categories', { category: names(TERM_LIMITS.perField + 1).join(',') }, 'categories has 51 names; at most 50 are allowed'],
    ['a tag name of 101 characters', { tags: ['ok', 'x'.repeat(TERM_LIMITS.nameLength + 1)] }, 'tags has a name of 101 characters; names are at most 100 characters'],
  ])('a delivery with %s is 400 invalid_params naming the limit, and is not stored', async (_label, extra, message) => {
    const source = await activeSource(`Bound ${message.slice(0, 20)}`)
    const before = await inbox(source.id)
    const res = await deliver(plane.server.app, source.slug, article(1, extra))
    expect([res.status, res.body.code, res.body.error, res.body.details]).toEqual([400, 'invalid_params', `invalid delivery: ${message}`, { limits: TERM_LIMITS }])
    expect(await inbox(source.id)).toEqual(before)
  })

  test('a delivery at the limits makes its 50 tags in one go, and a repeat reuses them', async () => {
    const source = await activeSource('At the limits')
    const tags = [...names(TERM_LIMITS.perField - 1, 'Bulk'), 'y'.repeat(TERM_LIMITS.nameLength)]
    const tagRows = () => plane.server.db.tag.count()
    const before = await tagRows()
    const first = await deliver(plane.server.app, source.slug, article(2, { tags }))
    expect([first.status, first.body.data.status]).toEqual([200, 'created'])
    expect(await tagRows()).toBe(before + TERM_LIMITS.perField)
    const post = await plane.server.db.post.findUniqueOrThrow({ where: { id: first.body.data.post_id }, include: { tags: true } })
    expect(post.tags.map(tag => tag.name).sort()).toEqual([...tags].sort())

    const again = await deliver(plane.server.app, source.slug, article(3, { tags: [...tags].reverse() }))
    expect([again.status, again.body.data.status]).toEqual([200, 'created'])
    expect(await tagRows()).toBe(before + TERM_LIMITS.perField)
  })

  test('names that share a slug are one term, created once', async () => {
    const source = await activeSource('Same slug')
    const res = await deliver(plane.server.app, source.slug, article(4, { tags: ['Dup Name', 'dup name', 'DUP-NAME'] }))
    const post = await plane.server.db.post.findUniqueOrThrow({ where: { id: res.body.data.post_id }, include: { tags: true } })
    expect(post.tags.map(tag => tag.slug)).toEqual(['dup-name'])
  })

  test('a held delivery over the limit fails when its mapping is approved, with the limit as its reason', async () => {
    const source = await sources('create', { name: 'Held over limit', auth_mode: 'none' })
    expect((await deliver(plane.server.app, source.slug, article(5, { tags: names(TERM_LIMITS.perField + 5) }))).status).toBe(202)
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    const [row] = await inbox(source.id)
    expect([row!.status, row!.error]).toEqual(['failed', 'tags has 55 names; at most 50 are allowed'])
  })
})
