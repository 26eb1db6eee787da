import type { Db } from '../packages/control-plane/src/platform/db/client.ts'
import { beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { provenanceOf, sourcePostIds } from './support/posts.ts'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, seenBodies } from './support/client.ts'
import { bodyOnlySignature, customHeaders, deliver, standardHeaders } from './support/webhooks.ts'
import { holdAsSample, SourceChanged } from '../packages/control-plane/src/resources/content-sources/ingest/hold-as-sample.ts'
import { contentSources } from '../packages/control-plane/src/resources/content-sources/index.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

const clock = new Date('2026-03-01T10:00:00Z')
const MAX_BODY = 64 * 1024
const PROVIDED_SECRET = 'a-Provided-Secret-Of-Some-Length'

const plane = useTestServer({
    clock: () => clock,
    http: { maxBodyBytes: MAX_BODY },
    outbox: false,
    builtins: [contentSources({
      resolveAuthor: async ({ by, value }) => (by === 'email' && value === 'ada@example.com') || (by === 'name' && value === 'Ada Lovelace') ? 12 : null,
    })],
  })

const sources = async (action: string, params: Record<string, unknown> = {}) => {
  const res = await plane.dispatch({ resource: 'content_sources', action, params })
  expect([action, res.status, res.body.error]).toEqual([action, 200, null])
  return res.body.data
}
const inboxCount = (sourceId: string) => plane.server.db.svcContentDelivery.count({ where: { sourceId } })
const article = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `art-${n}`,
  headline: `Article ${n}`,
  body_html: `<h2>Part ${n}</h2><p>Text ${n}</p>`,
  summary: `Summary ${n}`,
  author: { email: 'ada@example.com' },
  tags: ['Alpha', 'Beta'],
  category: 'News',
  seo: { title: `SEO ${n}` },
  ...extra,
})
const MAPPING = { title: 'headline', content: 'body_html', excerpt: 'summary', author: 'author.email', tags: 'tags', categories: 'category', external_id: 'id' }

/** A source with no auth, an approved mapping for `article`, and the given settings. */
async function activeSource (name: string, settings: Record<string, unknown> = {}) {
  const source = await sources('create', { name, auth_mode: 'none', ...settings })
  expect((await deliver(plane.server.app, source.slug, article(0))).status).toBe(202)
  await sources('approve_mapping', { id: source.id, mapping: MAPPING })
  return source
}

describe('ingest authentication', () => {
  test('auth_mode none accepts an unsigned delivery', async () => {
    const source = await sources('create', { name: 'Open', auth_mode: 'none' })
    const res = await deliver(plane.server.app, source.slug, { title: 'x' })
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({ ok: true, changed: true, error: null, data: { status: 'held', source_status: 'needs_mapping', mapping_status: 'proposed' } })
  })

  test('bearer accepts the secret as a bearer token and refuses anything else with 401, storing nothing', async () => {
    const source = await sources('create', { name: 'Bearer', auth_mode: 'bearer' })
    for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: `Basic ${source.secret}` }, { Authorization: `Bearer ${source.secret}x` }] as Record<string, string>[]) {
      const res = await deliver(plane.server.app, source.slug, { title: 'x' }, headers)
      expect([res.status, res.body.code, res.body.ok]).toEqual([401, 'unauthenticated', false])
    }
    expect(await inboxCount(source.id)).toBe(0)
    expect((await deliver(plane.server.app, source.slug, { title: 'x' }, { Authorization: `Bearer ${source.secret}` })).status).toBe(202)
    expect(await inboxCount(source.id)).toBe(1)
  })

  describe('hmac, Standard Webhooks', () => {
    let source: { id: string, slug: string, secret: string }
    beforeAll(async () => { source = await sources('create', { name: 'Standard' }) })

    test('a delivery signed by the reference implementation is accepted', async () => {
      const body = { title: 'signed' }
      const res = await deliver(plane.server.app, source.slug, body, standardHeaders(source.secret, 'msg_1', clock, body))
      expect(res.status).toBe(202)
    })

    test('a wrong signature, a tampered body and missing headers are 401 and store nothing', async () => {
      const body = { title: 'signed' }
      const before = await inboxCount(source.id)
      const other = await sources('create', { name: 'Other standard' })
      const attempts = [
        standardHeaders(other.secret, 'msg_2', clock, body),
        { ...standardHeaders(source.secret, 'msg_2', clock, { title: 'original' }) },
        { ...standardHeaders(source.secret, 'msg_2', clock, body), 'webhook-id': 'msg_other' },
        { 'webhook-id': 'msg_2', 'webhook-timestamp': String(Math.floor(clock.getTime() / 1000)) },
        {},
      ]
      for (const headers of attempts) {
        const res = await deliver(plane.server.app, source.slug, body, headers)
        expect([res.status, res.body.code]).toEqual([401, 'unauthenticated'])
      }
      expect(await inboxCount(source.id)).toBe(before)
    })

    test('a timestamp more than 5 minutes old or ahead is refused; within 5 minutes is fine', async () => {
      const body = { title: 'late' }
      const signedAt = (ms: number) => standardHeaders(source.secret, `msg_t${ms}`, new Date(clock.getTime() + ms), body)
      expect((await deliver(plane.server.app, source.slug, body, signedAt(-301_000))).status).toBe(401)
      expect((await deliver(plane.server.app, source.slug, body, signedAt(301_000))).status).toBe(401)
      expect((await deliver(plane.server.app, source.slug, body, signedAt(-299_000))).status).toBe(202)
      expect((await deliver(plane.server.app, source.slug, body, signedAt(299_000))).status).toBe(202)
    })

    test('a replayed webhook-id is ignored as a duplicate and stored once', async () => {
      const body = { title: 'once' }
      const headers = standardHeaders(source.secret, 'msg_replay', clock, body)
      const first = await deliver(plane.server.app, source.slug, body, headers)
      const before = await inboxCount(source.id)
      const replay = await deliver(plane.server.app, source.slug, body, headers)
      expect(replay.status).toBe(200)
      expect(replay.body).toEqual({ ok: true, changed: false, error: null, data: { delivery_id: first.body.data.delivery_id, status: 'duplicate', post_id: null } })
      expect(await inboxCount(source.id)).toBe(before)
    })

    test('concurrent deliveries with one webhook-id store exactly one (the database decides)', async () => {
      const body = { title: 'race' }
      const headers = standardHeaders(source.secret, 'msg_race', clock, body)
      const before = await inboxCount(source.id)
      const results = await Promise.all([1, 2, 3, 4].map(() => deliver(plane.server.app, source.slug, body, headers)))
      // One row, processed once. A replay that finds it still `received` may claim it before the
      // first call does: then both answer with the delivery's status, and the others `duplicate`.
      const statuses = results.map(res => res.body.data.status).sort()
      expect(statuses.filter(status => status === 'duplicate').length).toBeGreaterThanOrEqual(2)
      expect(statuses.filter(status => status !== 'duplicate')).toEqual(expect.arrayContaining(['held']))
      expect(statuses.every(status => status === 'duplicate' || status === 'held')).toBe(true)
      expect(new Set(results.map(res => res.body.data.delivery_id)).size).toBe(1)
      expect(await inboxCount(source.id)).toBe(before + 1)
    })

    test('a provided (non-whsec) secret keys the HMAC with its UTF-8 bytes', async () => {
      const provided = await sources('create', { name: 'Provided standard', secret: PROVIDED_SECRET })
      const body = { title: 'raw key' }
      expect((await deliver(plane.server.app, provided.slug, body, standardHeaders(PROVIDED_SECRET, 'msg_p', clock, body))).status).toBe(202)
    })
  })

  test('hmac custom: sig_header_name carries sha256=<hex HMAC of "id.timestamp.body">; a wrong, missing or body-only one is 401', async () => {
    const header = 'X-Hub-Signature-256'
    const source = await sources('create', { name: 'Custom', sig_header_mode: 'custom', sig_header_name: header })
    const body = { title: 'custom' }
    const signed = customHeaders(source.secret, header, 'msg_c1', clock, body)
    for (const headers of [
      {},
      customHeaders(source.secret, header, 'msg_c1', clock, { title: 'other' }),
      customHeaders(source.secret, 'X-Svc-Signature', 'msg_c1', clock, body),
      { ...signed, 'webhook-id': 'msg_other' },
      { ...signed, 'webhook-timestamp': String(Number(signed['webhook-timestamp']) + 1) },
      { [header]: bodyOnlySignature(source.secret, body) },
      { ...signed, [header]: bodyOnlySignature(source.secret, body) },
    ] as Record<string, string>[]) {
      expect((await deliver(plane.server.app, source.slug, body, headers)).status).toBe(401)
    }
    expect(await inboxCount(source.id)).toBe(0)
    expect((await deliver(plane.server.app, source.slug, body, signed)).status).toBe(202)
  })

  test('hmac custom: a delivery signed outside the 5-minute window is refused, and a replay inside it is a duplicate', async () => {
    const header = 'X-Svc-Signature'
    const source = await sources('create', { name: 'Custom window', sig_header_mode: 'custom' })
    const body = { title: 'windowed' }
    const stale = customHeaders(source.secret, header, 'msg_cw_old', new Date(clock.getTime() - 5 * 60_000 - 1000), body)
    const early = customHeaders(source.secret, header, 'msg_cw_new', new Date(clock.getTime() + 5 * 60_000 + 1000), body)
    expect((await deliver(plane.server.app, source.slug, body, stale)).status).toBe(401)
    expect((await deliver(plane.server.app, source.slug, body, early)).status).toBe(401)
    const fresh = customHeaders(source.secret, header, 'msg_cw', new Date(clock.getTime() - 4 * 60_000), body)
    expect((await deliver(plane.server.app, source.slug, body, fresh)).status).toBe(202)
    const replay = await deliver(plane.server.app, source.slug, body, fresh)
    expect([replay.status, replay.body.data.status]).toEqual([200, 'duplicate'])
    expect(await inboxCount(source.id)).toBe(1)
  })

  test('switching auth_mode takes effect at once', async () => {
    const source = await sources('create', { name: 'Switch', auth_mode: 'none' })
    await sources('update', { id: source.id, auth_mode: 'bearer', secret: PROVIDED_SECRET })
    expect((await deliver(plane.server.app, source.slug, { a: 1 })).status).toBe(401)
    expect((await deliver(plane.server.app, source.slug, { a: 1 }, { Authorization: `Bearer ${PROVIDED_SECRET}` })).status).toBe(202)
  })
})

describe('ingest endpoint', () => {
  test('a disabled source answers 409 conflict and stores nothing', async () => {
    const source = await sources('create', { name: 'Disabled', auth_mode: 'none' })
    await sources('update', { id: source.id, enabled: false })
    const res = await deliver(plane.server.app, source.slug, { title: 'x' })
    expect([res.status, res.body.code, res.body.ok, res.body.data]).toEqual([409, 'conflict', false, null])
    expect(await inboxCount(source.id)).toBe(0)
  })

  test('a body over the limit is 413 payload_too_large and stores nothing', async () => {
    const source = await sources('create', { name: 'Big', auth_mode: 'none' })
    const res = await deliver(plane.server.app, source.slug, { title: 'x', body: 'y'.repeat(MAX_BODY) })
    expect([res.status, res.body.code]).toEqual([413, 'payload_too_large'])
    expect(await inboxCount(source.id)).toBe(0)
  })

  test.each([['not JSON', '{"title":'], ['a JSON array', '[1,2]'], ['a JSON string', '"text"'], ['empty', '']])(
    'a body that is %s is 400 bad_request and stores nothing', async (_what, body) => {
      const source = await sources('create', { name: 'Picky', auth_mode: 'none' })
      const res = await deliver(plane.server.app, source.slug, body)
      expect([res.status, res.body.code]).toEqual([400, 'bad_request'])
      expect(await inboxCount(source.id)).toBe(0)
    })

  test('an unknown slug is 404 not_found; other methods are 405', async () => {
    const res = await deliver(plane.server.app, 'no-such-source', { title: 'x' })
    expect([res.status, res.body.code]).toEqual([404, 'not_found'])
    const get = await request(plane.server.app).get(`${BASE}/ingest/anything`)
    expect([get.status, get.body.code, get.headers.allow]).toEqual([405, 'method_not_allowed', 'POST'])
    expect(get.headers['svc-version']).toBe(PRODUCT_VERSION)
  })

  test('the raw body is stored verbatim in the inbox', async () => {
    const source = await sources('create', { name: 'Verbatim', auth_mode: 'none' })
    const raw = '{ "title" : "spaced",\n  "x": [1, 2] }'
    const res = await deliver(plane.server.app, source.slug, raw)
    const row = await plane.server.db.svcContentDelivery.findUniqueOrThrow({ where: { id: res.body.data.delivery_id } })
    expect(row).toMatchObject({ body: raw, status: 'held', sourceId: source.id })
  })
})

describe('sample → mapping → posts', () => {
  test('the first delivery becomes the sample with a proposed mapping; approving ingests it as a post', async () => {
    const source = await sources('create', {
      name: 'Writer', auth_mode: 'none', default_author_id: 3, author_match_mode: 'email',
      meta_fields: { seo_title: 'seo.title' }, fm_variables: { layout: 'article' }, target_tag_slug: 'ai-writer',
    })
    const res = await deliver(plane.server.app, source.slug, article(1))
    expect(res.status).toBe(202)
    const sampled = await sources('get', { id: source.id })
    expect(sampled).toMatchObject({ status: 'needs_mapping', mapping_status: 'proposed', sample: article(1), mapping: MAPPING })
    expect(sampled.shape_fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(await sourcePostIds(plane.server.db, source.slug)).toEqual([])

    const approved = await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    expect(approved).toMatchObject({ status: 'active', mapping_status: 'approved', processed_deliveries: 1 })
    const post = await plane.server.db.post.findFirstOrThrow({
      where: { id: { in: await sourcePostIds(plane.server.db, source.slug) } },
      include: { tags: { orderBy: { id: 'asc' } }, categories: true, postType: true },
    })
    expect(post).toMatchObject({
      title: 'Article 1', slug: 'article-1', content: '<h2>Part 1</h2><p>Text 1</p>', excerpt: 'Summary 1', status: 'draft',
      author: 12, meta: { layout: 'article', seo_title: 'SEO 1' },
    })
    expect(await provenanceOf(plane.server.db, post.id)).toMatchObject({ source: source.slug, externalId: 'art-1', contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(post.postType?.slug).toBe('post')
    expect(post.tags.map(tag => tag.slug)).toEqual(['alpha', 'beta', 'ai-writer'])
    expect(post.categories.map(category => category.name)).toEqual(['News'])
    expect(await plane.server.db.svcContentDelivery.findUniqueOrThrow({ where: { id: res.body.data.delivery_id } })).toMatchObject({ status: 'created', postId: String(post.id) })
  })

  test('with an active mapping, a delivery of the same shape becomes a post at once (200)', async () => {
    const source = await activeSource('Live', { default_author_id: 5 })
    const res = await deliver(plane.server.app, source.slug, article(2, { author: { email: 'nobody@example.com' } }))
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'created', post_id: expect.any(Number) })
    const post = await plane.server.db.post.findUniqueOrThrow({ where: { id: res.body.data.post_id } })
    expect(post).toMatchObject({ title: 'Article 2', author: 5, status: 'draft' })
  })

  test('the same external id again is skipped with reingest_mode skip, and updates the post with update', async () => {
    const source = await activeSource('Reingest')
    const created = await deliver(plane.server.app, source.slug, article(3))
    const skipped = await deliver(plane.server.app, source.slug, article(3, { headline: 'Changed' }))
    expect(skipped.body.data).toEqual({ delivery_id: expect.any(Number), status: 'skipped', post_id: created.body.data.post_id })
    expect((await plane.server.db.post.findUniqueOrThrow({ where: { id: created.body.data.post_id } })).title).toBe('Article 3')

    await sources('update', { id: source.id, reingest_mode: 'update' })
    const unchanged = await deliver(plane.server.app, source.slug, article(3))
    expect(unchanged.body.data).toMatchObject({ status: 'unchanged', post_id: created.body.data.post_id })
    const updated = await deliver(plane.server.app, source.slug, article(3, { headline: 'Changed', tags: ['Gamma'] }))
    expect(updated.body.data).toMatchObject({ status: 'updated', post_id: created.body.data.post_id })
    const post = await plane.server.db.post.findUniqueOrThrow({ where: { id: created.body.data.post_id }, include: { tags: { orderBy: { id: 'asc' } } } })
    expect(post).toMatchObject({ title: 'Changed', slug: 'article-3' })
    expect(post.tags.map(tag => tag.name)).toEqual(['Alpha', 'Beta', 'Gamma'])
    expect(await sourcePostIds(plane.server.db, source.slug)).toHaveLength(2)
  })

  test('one external id delivered several times at once makes one post; a post deleted since is created anew', async () => {
    const source = await activeSource('Same id at once')
    await sources('update', { id: source.id, reingest_mode: 'update' })
    const results = await Promise.all([1, 2, 3, 4].map(n => deliver(plane.server.app, source.slug, article(9, { headline: `Take ${n}` }))))
    for (const res of results) expect(res.status).toBe(200)
    const ids = await sourcePostIds(plane.server.db, source.slug, 'art-9')
    expect(ids).toHaveLength(1)
    expect(new Set(results.map(res => res.body.data.post_id))).toEqual(new Set(ids))

    await plane.server.db.post.delete({ where: { id: ids[0]! } })
    const again = await deliver(plane.server.app, source.slug, article(9))
    expect(again.body.data).toMatchObject({ status: 'created', post_id: expect.any(Number) })
    expect(again.body.data.post_id).not.toBe(ids[0])
    expect(await sourcePostIds(plane.server.db, source.slug, 'art-9')).toEqual([again.body.data.post_id])
  })

  test('taxonomy_apply_mode replace makes the delivered terms the post\'s terms; none ignores them', async () => {
    const replace = await activeSource('Replace', { taxonomy_apply_mode: 'replace', target_tag_slug: 'synced' })
    await sources('update', { id: replace.id, reingest_mode: 'update' })
    const first = await deliver(plane.server.app, replace.slug, article(4))
    await deliver(plane.server.app, replace.slug, article(4, { tags: ['Gamma'], category: 'Tech' }))
    const replaced = await plane.server.db.post.findUniqueOrThrow({ where: { id: first.body.data.post_id }, include: { tags: { orderBy: { id: 'asc' } }, categories: true } })
    expect(replaced.tags.map(tag => tag.slug).sort()).toEqual(['gamma', 'synced'])
    expect(replaced.categories.map(category => category.slug)).toEqual(['tech'])

    const none = await activeSource('No terms', { taxonomy_apply_mode: 'none' })
    const res = await deliver(plane.server.app, none.slug, article(5))
    const bare = await plane.server.db.post.findUniqueOrThrow({ where: { id: res.body.data.post_id }, include: { tags: true, categories: true } })
    expect([bare.tags, bare.categories]).toEqual([[], []])
  })

  test('pin_author forces the default author; author_match_mode name matches by name', async () => {
    const pinned = await activeSource('Pinned', { default_author_id: 9, pin_author: true, author_match_mode: 'email' })
    const res = await deliver(plane.server.app, pinned.slug, article(6))
    expect((await plane.server.db.post.findUniqueOrThrow({ where: { id: res.body.data.post_id } })).author).toBe(9)

    const byName = await sources('create', { name: 'By name', auth_mode: 'none', author_match_mode: 'name' })
    const sample = { title: 'T', content: '<p>c</p>', byline: 'Ada Lovelace' }
    await deliver(plane.server.app, byName.slug, sample)
    await sources('approve_mapping', { id: byName.id, mapping: { title: 'title', content: 'content', author: 'byline' } })
    const post = await plane.server.db.post.findFirstOrThrow({ where: { id: { in: await sourcePostIds(plane.server.db, byName.slug) } } })
    expect(post.author).toBe(12)
  })

  test('posts get the source\'s status, post type and content cleanup; slugs stay unique per type', async () => {
    const source = await activeSource('Cleaned', {
      new_cpt: { slug: 'doc', name: 'Docs' }, content_cleanup: true, strip_inbody_toc: true, strip_inbody_faq: true,
      add_heading_anchors: true, strip_uncategorized: true, image_modify: { lazy_load: true },
    })
    await sources('update', { id: source.id, default_post_status: 'publish' })
    const html = '<h2>Table of contents</h2><ul><li><a href="#intro">Intro</a></li></ul><h2 style="color:red">Intro</h2>' +
      '<p>Hi <img src="/a.png"></p><p> </p><h2>FAQ</h2><p>Q?</p>'
    const first = await deliver(plane.server.app, source.slug, article(7, { body_html: html, category: ['Uncategorized', 'Guides'] }))
    const post = await plane.server.db.post.findUniqueOrThrow({ where: { id: first.body.data.post_id }, include: { postType: true, categories: true } })
    expect(post).toMatchObject({ status: 'publish', content: '<h2 id="intro">Intro</h2><p>Hi <img src="/a.png" loading="lazy" decoding="async" /></p>' })
    expect(post.postType?.slug).toBe('doc')
    expect(post.categories.map(category => category.slug)).toEqual(['guides'])
    const second = await deliver(plane.server.app, source.slug, article(8, { headline: 'Article 7' }))
    expect((await plane.server.db.post.findUniqueOrThrow({ where: { id: second.body.data.post_id } })).slug).toBe('article-7-2')
  })

  test('a stored delivery whose mapped value is unusable is 400 and kept in the inbox as failed', async () => {
    const source = await activeSource('Failing')
    const res = await deliver(plane.server.app, source.slug, article(9, { headline: null }))
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect(res.body.error).toContain('title ("headline") is missing')
    expect(await plane.server.db.svcContentDelivery.findUniqueOrThrow({ where: { id: res.body.details.delivery_id } }))
      .toMatchObject({ status: 'failed', error: 'title ("headline") is missing' })
  })

  test('a shape change holds deliveries and makes the mapping stale; a new approval processes them in order', async () => {
    const source = await activeSource('Shifting')
    const { shape_fingerprint: before } = await sources('get', { id: source.id })
    const reshaped = (n: number) => ({ uid: `new-${n}`, name: `Reshaped ${n}`, html: `<p>${n}</p>`, summary: 's' })
    const held = [await deliver(plane.server.app, source.slug, reshaped(1)), await deliver(plane.server.app, source.slug, reshaped(2))]
    for (const res of held) expect(res.status).toBe(202)
    expect(held[0]!.body.data).toMatchObject({ status: 'held', source_status: 'needs_mapping', mapping_status: 'stale' })
    const stale = await sources('get', { id: source.id })
    expect(stale).toMatchObject({ status: 'needs_mapping', mapping_status: 'stale', sample: reshaped(2), mapping: { title: 'name', content: 'html', excerpt: 'summary', external_id: 'uid' } })
    expect(stale.shape_fingerprint).not.toBe(before)
    expect(await sourcePostIds(plane.server.db, source.slug, 'new-')).toEqual([])

    const approved = await sources('approve_mapping', { id: source.id, mapping: { title: 'name', content: 'html', external_id: 'uid' } })
    expect(approved).toMatchObject({ status: 'active', mapping_status: 'approved', processed_deliveries: 2 })
    const posts = await plane.server.db.post.findMany({ where: { id: { in: await sourcePostIds(plane.server.db, source.slug, 'new-') } }, orderBy: { id: 'asc' } })
    expect(posts.map(post => post.title)).toEqual(['Reshaped 1', 'Reshaped 2'])
    for (const res of held) {
      expect((await plane.server.db.svcContentDelivery.findUniqueOrThrow({ where: { id: res.body.data.delivery_id } })).status).toBe('created')
    }
  })

  test('deliveries held while a source is paused with an approved mapping are processed when it is enabled again', async () => {
    const source = await sources('create', { name: 'Resumed', auth_mode: 'none' })
    await deliver(plane.server.app, source.slug, article(10))
    await sources('update', { id: source.id, enabled: false })
    expect(await sources('approve_mapping', { id: source.id, mapping: MAPPING })).toMatchObject({ status: 'paused', processed_deliveries: 0 })
    expect(await sourcePostIds(plane.server.db, source.slug)).toEqual([])
    expect(await sources('update', { id: source.id, enabled: true })).toMatchObject({ status: 'active' })
    expect(await sourcePostIds(plane.server.db, source.slug)).toHaveLength(1)
  })

  test('a delivery a crash left unprocessed in the inbox is ingested by the next approval', async () => {
    const source = await sources('create', { name: 'Crashed', auth_mode: 'none' })
    await deliver(plane.server.app, source.slug, article(13))
    await plane.server.db.svcContentDelivery.create({ data: { sourceId: source.id, body: JSON.stringify(article(14)), status: 'received' } })
    expect(await sources('approve_mapping', { id: source.id, mapping: MAPPING })).toMatchObject({ processed_deliveries: 2 })
    const titles = (await plane.server.db.post.findMany({ where: { id: { in: await sourcePostIds(plane.server.db, source.slug) } }, orderBy: { id: 'asc' } })).map(post => post.title)
    expect(titles).toEqual(['Article 13', 'Article 14'])
  })

  test('holding a sample never overwrites an approval committed after the source was read (another process)', async () => {
    const source = await sources('create', { name: 'Racing', auth_mode: 'none' })
    await deliver(plane.server.app, source.slug, article(11))
    const readBeforeApproval = await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id: source.id } })
    await sources('approve_mapping', { id: source.id, mapping: MAPPING })
    const lateHold = (plane.server.db as Db).$transaction(tx => holdAsSample(tx, readBeforeApproval, article(12), readBeforeApproval.shapeFingerprint!))
    await expect(lateHold).rejects.toBeInstanceOf(SourceChanged)
    expect(await sources('get', { id: source.id })).toMatchObject({ status: 'active', mapping_status: 'approved' })
  })

  test('no ingest response carried a webhook secret', () => {
    const leaked = seenBodies.filter(body => body.includes('"delivery_id"') && (body.includes('whsec_') || body.includes(PROVIDED_SECRET)))
    expect(leaked).toEqual([])
  })
})
