import { beforeEach, describe, expect, test } from '@jest/globals'
import { sourcePostIds } from './support/posts.ts'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { keyPaths } from '../packages/control-plane/src/resources/content-sources/mapping/shape-fingerprint.ts'
import { proposeMapping } from '../packages/control-plane/src/resources/content-sources/mapping/propose-mapping.ts'
import { SHAPE_LIMITS, ShapeTooLarge } from '../packages/control-plane/src/resources/content-sources/mapping/shape-walk.ts'
import { contentSources } from '../packages/control-plane/src/resources/content-sources/index.ts'

const RATE = 6
const POISON = 'poison@example.com'
let clock = new Date('2026-04-01T10:00:00Z')

const plane = useTestServer({
    clock: () => clock,
    outbox: false,
    builtins: [contentSources({
      ingestRateLimit: { points: RATE, durationSeconds: 60 },
      // A host's resolver with a bug that one delivery's author triggers: an unexpected error mid-processing.
      resolveAuthor: async ({ value }) => {
        if (value === POISON) throw new TypeError('resolver bug')
        return null
      },
    })],
})
// Each test starts in a fresh rate window.
beforeEach(() => { clock = new Date(clock.getTime() + 60_000) })

const sources = async (action: string, params: Record<string, unknown>) => {
  const res = await plane.dispatch({ resource: 'content_sources', action, params })
  expect([action, res.status, res.body.error]).toEqual([action, 200, null])
  return res.body
}
const article = (n: number, author = 'ada@example.com') => ({ id: `p-${n}`, headline: `Post ${n}`, body_html: `<p>Body ${n}</p>`, author })
const MAPPING = { title: 'headline', content: 'body_html', author: 'author', external_id: 'id' }
const deliveries = (sourceId: string) => plane.server.db.svcContentDelivery.findMany({ where: { sourceId }, orderBy: { id: 'asc' } })
const postTitles = async (slug: string) => (await plane.server.db.post.findMany({ where: { id: { in: await sourcePostIds(plane.server.db, slug) } }, orderBy: { id: 'asc' }, select: { title: true } })).map(post => post.title)

async function sourceWithSample (name: string, settings: Record<string, unknown> = {}) {
  const { data } = await sources('create', { name, auth_mode: 'none', author_match_mode: 'email', ...settings })
  expect((await deliver(plane.server.app, data.slug, article(0))).status).toBe(202)
  return data as { id: string, slug: string }
}

describe('bounded shapes', () => {
  const nestedKeys = (depth: number, keyLength: number) => {
    let payload: Record<string, unknown> = { title: 'x' }
    for (let level = 0; level < depth; level++) payload = { [`${'k'.repeat(keyLength - 4)}${String(level).padStart(4, '0')}`]: payload }
    return payload
  }

  test('fingerprinting and proposing stop at the first limit a delivery a thousand levels deep with 1,000-character keys breaks', () => {
    const hostile = nestedKeys(1000, 1000)
    expect(() => keyPaths(hostile)).toThrow(ShapeTooLarge)
    expect(() => proposeMapping(hostile)).toThrow(ShapeTooLarge)
    expect(() => keyPaths(nestedKeys(10, 150))).toThrow(expect.objectContaining({ limit: 'maxPathLength' }))
    const wide = Object.fromEntries(Array.from({ length: SHAPE_LIMITS.maxKeyPaths + 1 }, (_, i) => [`k${i}`, i]))
    expect(() => keyPaths(wide)).toThrow(expect.objectContaining({ limit: 'maxKeyPaths' }))
  })

  test('array items share their paths, so many items stay within the path limit', () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ title: `t${i}`, tags: [{ name: 'x' }] }))
    expect(keyPaths({ items })).toEqual(['items', 'items[].tags', 'items[].tags[].name', 'items[].title'])
  })

  test.each([
    ['a key longer than 200 characters', { title: 'x', ['k'.repeat(201)]: 1 }, 'maxKeyLength'],
    ['more distinct key paths than 2,000', Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, i])), 'maxKeyPaths'],
    ['a key path longer than 1,000 characters', nestedKeys(6, 199), 'maxPathLength'],
  ])('a delivery with %s is 400 invalid_params naming the limit, and is not stored', async (_label, payload, limit) => {
    const { data } = await sources('create', { name: `Shape ${limit}`, auth_mode: 'none' })
    const res = await deliver(plane.server.app, data.slug, payload)
    expect([res.status, res.body.code, res.body.details.limit]).toEqual([400, 'invalid_params', limit])
    expect(res.body.details).not.toHaveProperty('delivery_id')
    expect(await deliveries(data.id)).toEqual([])
  })

  test('a delivery at the limits is accepted', async () => {
    const { data } = await sources('create', { name: 'Shape at limits', auth_mode: 'none' })
    const payload = { title: 'x', body: 'y', ['k'.repeat(SHAPE_LIMITS.maxKeyLength)]: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i])) }
    expect((await deliver(plane.server.app, data.slug, payload)).status).toBe(202)
  })
})

describe('a poison delivery cannot block its source', () => {
  test('approve_mapping marks it failed with a reason, ingests the deliveries behind it and answers changed: true', async () => {
    const source = await sourceWithSample('Poison approve')
    for (const payload of [article(1), article(2, POISON), article(3)]) expect((await deliver(plane.server.app, source.slug, payload)).status).toBe(202)
    const approved = await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    expect(approved).toMatchObject({ ok: true, changed: true, data: { status: 'active', mapping_status: 'approved', processed_deliveries: 4 } })
    expect(await postTitles(source.slug)).toEqual(['Post 0', 'Post 1', 'Post 3'])
    const rows = await deliveries(source.id)
    expect(rows.map(row => row.status)).toEqual(['created', 'created', 'failed', 'created'])
    expect(rows[2]!.error).toBe('an unexpected error stopped its processing (TypeError); the server log has the details')
  })

  test('live ingest answers 400 invalid_params for it, keeps it as failed, and the next delivery is ingested', async () => {
    const source = await sourceWithSample('Poison live')
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    const poisoned = await deliver(plane.server.app, source.slug, article(1, POISON))
    expect([poisoned.status, poisoned.body.code]).toEqual([400, 'invalid_params'])
    expect(poisoned.body.error).toContain('an unexpected error stopped its processing')
    expect(poisoned.body.error).not.toContain('resolver bug')
    const next = await deliver(plane.server.app, source.slug, article(2))
    expect([next.status, next.body.data.status]).toEqual([200, 'created'])
  })

  test('re-enabling a paused source processes past it and answers changed: true', async () => {
    const source = await sourceWithSample('Poison paused')
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    await sources('update', { id: source.id, enabled: false })
    // Deliveries a paused source received before the pause reached the inbox, or a crash left there.
    for (const payload of [article(1, POISON), article(2)]) {
      await plane.server.db.svcContentDelivery.create({ data: { sourceId: source.id, body: JSON.stringify(payload), receivedAt: clock, status: 'received' } })
    }
    const enabled = await sources('update', { id: source.id, enabled: true })
    expect(enabled).toMatchObject({ ok: true, changed: true, data: { enabled: true, status: 'active' } })
    expect((await deliveries(source.id)).map(row => row.status)).toEqual(['created', 'failed', 'created'])
  })

  test('a stored delivery over the shape limits fails alone at the next approval', async () => {
    const source = await sourceWithSample('Oversized in inbox')
    await plane.server.db.svcContentDelivery.create({
      data: { sourceId: source.id, body: JSON.stringify({ ...article(1), ['k'.repeat(500)]: 1 }), receivedAt: clock, status: 'received' },
    })
    expect((await deliver(plane.server.app, source.slug, article(2))).status).toBe(202)
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    const rows = await deliveries(source.id)
    expect(rows.map(row => row.status)).toEqual(['created', 'failed', 'created'])
    expect(rows[1]!.error).toBe(`its shape is too large: a key is longer than ${SHAPE_LIMITS.maxKeyLength} characters`)
  })

  test('an image whose src holds a malformed percent-escape keeps the escape as alt text', async () => {
    const source = await sourceWithSample('Broken escapes', { image_modify: { alt_from_filename: true } })
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    const res = await deliver(plane.server.app, source.slug, { ...article(1), body_html: '<p><img src="/media/%E0%A4%A"><img src="/media/sunny_day.jpg"></p>' })
    expect([res.status, res.body.data.status]).toEqual([200, 'created'])
    const post = await plane.server.db.post.findUniqueOrThrow({ where: { id: res.body.data.post_id } })
    expect(post.content).toContain('alt="%E0%A4%A"')
    expect(post.content).toContain('alt="sunny day"')
  })
})

describe('ingest rate limit per source', () => {
  test(`a source accepts ${RATE} deliveries a minute; the next is 429 with Retry-After and is not stored`, async () => {
    const { data } = await sources('create', { name: 'Busy', auth_mode: 'none' })
    const other = (await sources('create', { name: 'Quiet', auth_mode: 'none' })).data
    for (let n = 0; n < RATE; n++) expect((await deliver(plane.server.app, data.slug, { title: `t${n}` })).status).toBe(202)
    const limited = await deliver(plane.server.app, data.slug, { title: 'one too many' })
    expect([limited.status, limited.body.ok, limited.body.code]).toEqual([429, false, 'rate_limited'])
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.body.details.retry_after).toBe(Number(limited.headers['retry-after']))
    expect(await deliveries(data.id)).toHaveLength(RATE)
    expect((await deliver(plane.server.app, other.slug, { title: 'other source' })).status).toBe(202)
    clock = new Date(clock.getTime() + 60_000)
    expect((await deliver(plane.server.app, data.slug, { title: 'next window' })).status).toBe(202)
  })

  test('deliveries refused for their credentials do not use up the sender\'s allowance', async () => {
    const { data } = await sources('create', { name: 'Guarded', auth_mode: 'bearer' })
    for (let n = 0; n < RATE * 2; n++) expect((await deliver(plane.server.app, data.slug, { title: 'x' }, { Authorization: 'Bearer wrong' })).status).toBe(401)
    expect((await deliver(plane.server.app, data.slug, { title: 'x' }, { Authorization: `Bearer ${data.secret}` })).status).toBe(202)
  })
})
