import { describe, expect, test } from '@jest/globals'
import { sourcePostIds } from './support/posts.ts'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey, seenBodies } from './support/client.ts'
import { deliver } from './support/webhooks.ts'
import { SOURCE_SLUG_MAX_LENGTH } from '../packages/control-plane/src/resources/content-sources/source-slug.ts'
import { exportPayload } from '../packages/control-plane/src/resources/content-sources/portable.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

const plane = useTestServer()
const sources = plane.caller('content_sources')

const PROVIDED_SECRET = 'provided-Webhook-Secret-0xFEEDFACE'
const FORWARD_SECRET = 'forward-Token-Plaintext-0xC0FFEE'
/** Plaintexts a response may carry once: secret → the one response body allowed to contain it. */
const oneTimeSecrets = new Map<string, string>()

async function create (params: Record<string, unknown>) {
  const res = await sources('create', params)
  expect([res.status, res.body.error]).toEqual([200, null])
  if (res.body.data.secret) oneTimeSecrets.set(res.body.data.secret, res.text)
  return res.body.data
}

describe('content_sources operations', () => {
  test('create generates id, slug and a whsec_ secret shown once, with the documented defaults', async () => {
    const res = await sources('create', { name: 'Docs Pipeline' })
    expect(res.status).toBe(200)
    expect(res.body.changed).toBe(true)
    const data = res.body.data
    oneTimeSecrets.set(data.secret, res.text)
    expect(data).toMatchObject({
      name: 'Docs Pipeline', slug: 'docs-pipeline', enabled: true, status: 'awaiting_sample', auth_mode: 'hmac',
      sig_header_mode: 'standard', secret_source: 'generated', mapping: null, mapping_status: 'none', sample: null,
      shape_fingerprint: null, target_post_type: 'post', cpt_post_type: null, default_post_status: 'draft',
      reingest_mode: 'skip', taxonomy_apply_mode: 'append', forward_enabled: false, forward_key_set: false,
      ingest_path: '/api/svc/v1/ingest/docs-pipeline',
    })
    expect(data.id).toEqual(expect.any(String))
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(data.secret.slice(6), 'base64')).toHaveLength(32)
    expect(data).not.toHaveProperty('forward_secret')
  })

  test('slugs are unique: a second source with the same name is suffixed', async () => {
    const first = await create({ name: 'Release Notes', auth_mode: 'none' })
    const second = await create({ name: 'Release Notes', auth_mode: 'none' })
    const third = await create({ name: 'release notes!', auth_mode: 'none' })
    expect([first.slug, second.slug, third.slug]).toEqual(['release-notes', 'release-notes-2', 'release-notes-3'])
  })

  test.each([
    ['79 characters', 'b'.repeat(79)],
    ['well over 80 characters', 'The quarterly engineering newsletter for the platform and infrastructure teams, archived'],
  ])('names whose slugs run to %s give distinct suffixed slugs the export schema accepts', async (_label, name) => {
    const made = [await create({ name, auth_mode: 'none' }), await create({ name, auth_mode: 'none' }), await create({ name: `${name}!`, auth_mode: 'none' })]
    const slugs = made.map(source => source.slug as string)
    expect(new Set(slugs).size).toBe(3)
    expect(slugs[1]).toBe(`${slugs[0]}-2`)
    expect(slugs[2]).toBe(`${slugs[0]}-3`)
    for (const source of made) {
      expect(source.slug.length).toBeLessThanOrEqual(SOURCE_SLUG_MAX_LENGTH)
      const exported = await sources('export', { id: source.id })
      expect([exported.status, exported.body.data?.payload.slug]).toEqual([200, source.slug])
      expect(exportPayload.shape.slug.safeParse(source.slug).success).toBe(true)
    }
  })

  test('rotate_secret on an auth_mode none source keeps the secret through updates until auth_mode uses it', async () => {
    const source = await create({ name: 'Opens later', auth_mode: 'none' })
    const rotated = await sources('rotate_secret', { id: source.id })
    oneTimeSecrets.set(rotated.body.data.secret, rotated.text)
    const secret = rotated.body.data.secret as string
    const renamed = await sources('update', { id: source.id, name: 'Opens later, renamed' })
    expect(renamed.body).toMatchObject({ ok: true, changed: true, data: { auth_mode: 'none', secret_source: 'generated' } })
    expect((await deliver(plane.server.app, source.slug, { title: 'unsigned, still open' })).status).toBe(202)
    const closed = await sources('update', { id: source.id, auth_mode: 'bearer' })
    expect(closed.body).toMatchObject({ ok: true, changed: true, data: { auth_mode: 'bearer', secret_source: 'generated' } })
    expect((await deliver(plane.server.app, source.slug, { title: 'unsigned' })).status).toBe(401)
    expect((await deliver(plane.server.app, source.slug, { title: 'signed' }, { Authorization: `Bearer ${secret}` })).status).toBe(202)
    const reopened = await sources('update', { id: source.id, auth_mode: 'none' })
    expect(reopened.body.data).toMatchObject({ auth_mode: 'none', secret_source: 'none' })
  })

  test('a supplied secret is stored but not echoed (provided); auth_mode none has no secret (none)', async () => {
    const provided = await create({ name: 'Headless editor', auth_mode: 'bearer', secret: PROVIDED_SECRET })
    expect(provided).toMatchObject({ secret: '', secret_source: 'provided', auth_mode: 'bearer' })
    const open = await create({ name: 'Open door', auth_mode: 'none' })
    expect(open).toMatchObject({ secret: '', secret_source: 'none' })
    const row = await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id: provided.id } })
    expect(row.secretCiphertext).toMatch(/^v2:/)
    expect(row.secretCiphertext).not.toContain(PROVIDED_SECRET)
  })

  test('new_cpt adds a post type the source targets; adding an existing one is a conflict', async () => {
    const data = await create({ name: 'Recipes', auth_mode: 'none', new_cpt: { slug: 'recipe', name: 'Recipes' } })
    expect(data).toMatchObject({ target_post_type: 'recipe', cpt_post_type: 'recipe' })
    expect(await plane.server.db.postType.findUnique({ where: { slug: 'recipe' } })).toMatchObject({ name: 'Recipes' })
    const again = await sources('create', { name: 'More recipes', new_cpt: { slug: 'recipe', name: 'Again' } })
    expect([again.status, again.body.code]).toEqual([409, 'conflict'])
  })

  test('the built-in post types post and page exist; an unknown target_post_type is invalid', async () => {
    expect((await plane.server.db.postType.findMany({ orderBy: { id: 'asc' } })).map(type => type.slug)).toEqual(expect.arrayContaining(['post', 'page']))
    const page = await create({ name: 'Pages', auth_mode: 'none', target_post_type: 'page' })
    expect(page.target_post_type).toBe('page')
    const res = await sources('create', { name: 'Nowhere', target_post_type: 'movie' })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
  })

  test('create stores every setting it accepts, forward_secret sealed and never returned', async () => {
    const data = await create({
      name: 'Everything',
      auth_mode: 'hmac', sig_header_mode: 'custom', sig_header_name: 'X-Hub-Signature-256',
      default_author_id: '7', pin_author: true, author_match_mode: 'email',
      meta_fields: { seo_title: 'seo.title' }, fm_variables: { layout: 'docs', weight: 3 },
      forward_enabled: true, forward_url: 'https://hooks.example.com/in', forward_auth_mode: 'bearer', forward_secret: FORWARD_SECRET,
      target_tag_slug: 'imported', taxonomy_apply_mode: 'replace',
      strip_uncategorized: true, content_cleanup: true, strip_inbody_toc: true, strip_inbody_faq: true, add_heading_anchors: true,
      image_modify: { lazy_load: true, add_class: 'wide' },
    })
    expect(data).toMatchObject({
      sig_header_mode: 'custom', sig_header_name: 'X-Hub-Signature-256', default_author_id: 7, pin_author: true,
      author_match_mode: 'email', meta_fields: { seo_title: 'seo.title' }, fm_variables: { layout: 'docs', weight: 3 },
      forward_enabled: true, forward_url: 'https://hooks.example.com/in', forward_auth_mode: 'bearer', forward_key_set: true,
      target_tag_slug: 'imported', taxonomy_apply_mode: 'replace', strip_uncategorized: true, content_cleanup: true,
      strip_inbody_toc: true, strip_inbody_faq: true, add_heading_anchors: true, image_modify: { lazy_load: true, add_class: 'wide' },
    })
    const got = await sources('get', { id: data.id })
    expect(got.body.data).toEqual(Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'secret')))
  })

  test.each([
    [{ name: 'x', auth_mode: 'basic' }],
    [{ name: 'x', sig_header_mode: 'github' }],
    [{ name: 'x', sig_header_name: 'bad header' }],
    [{ name: 'x', forward_auth_mode: 'oauth' }],
    [{ name: 'x', author_match_mode: 'id' }],
    [{ name: 'x', taxonomy_apply_mode: 'merge' }],
    [{ name: 'x', default_author_id: 'seven' }],
    [{ name: 'x', default_author_id: 0 }],
    [{ name: 'x', image_modify: { blur: true } }],
    [{ name: 'x', meta_fields: { seo: 'a..b' } }],
    [{ name: 'x', new_cpt: { slug: 'Bad Slug', name: 'x' } }],
    [{ name: 'x', secret: 'short' }],
    [{ name: 'x', forward_url: 'ftp://example.com' }],
    [{ name: 'x', default_post_status: 'publish' }],
    [{ name: 'x', reingest_mode: 'update' }],
    [{ name: 'x', forward_enabled: true }],
    [{ name: 'x', forward_enabled: true, forward_url: 'https://example.com', forward_auth_mode: 'hmac' }],
    [{ name: 'x', pin_author: true }],
    [{ name: '' }],
    [{}],
  ])('create with %j is 400 invalid_params and creates nothing', async params => {
    const before = await plane.server.db.svcContentSource.count()
    const res = await sources('create', params)
    expect([res.status, res.body.ok, res.body.code]).toEqual([400, false, 'invalid_params'])
    expect(await plane.server.db.svcContentSource.count()).toBe(before)
  })

  test('update changes the given settings only, reports changed, and never returns secrets', async () => {
    const source = await create({ name: 'Updatable', auth_mode: 'none' })
    const res = await sources('update', {
      id: source.id, name: 'Updated', default_post_status: 'publish', reingest_mode: 'update',
      default_reviewers: { user_nums: ['1', '02'] }, default_ccs: { user_nums: ['003'] },
      auth_mode: 'bearer', secret: PROVIDED_SECRET, forward_secret: FORWARD_SECRET,
    })
    expect(res.body).toMatchObject({ ok: true, changed: true })
    expect(res.body.data).toMatchObject({
      id: source.id, slug: 'updatable', name: 'Updated', default_post_status: 'publish', reingest_mode: 'update',
      default_reviewers: { user_nums: ['001', '002'] }, default_ccs: { user_nums: ['003'] },
      auth_mode: 'bearer', secret_source: 'provided', forward_key_set: true, strip_inbody_toc: false,
    })
    expect(res.body.data).not.toHaveProperty('secret')
    expect(res.body.data).not.toHaveProperty('forward_secret')
    const again = await sources('update', { id: source.id, name: 'Updated' })
    expect(again.body.changed).toBe(false)
  })

  test('update clears nullable settings with null or ""', async () => {
    const source = await create({ name: 'Clearable', auth_mode: 'none', forward_url: 'https://example.com/x', target_tag_slug: 'x', default_author_id: 3, image_modify: {} })
    const res = await sources('update', { id: source.id, forward_url: '', target_tag_slug: null, default_author_id: null, image_modify: null })
    expect(res.body.data).toMatchObject({ forward_url: null, target_tag_slug: null, default_author_id: null, image_modify: null })
  })

  test('update cannot change the slug', async () => {
    const source = await create({ name: 'Fixed slug', auth_mode: 'none' })
    const res = await sources('update', { id: source.id, slug: 'other' })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect((await sources('get', { id: source.id })).body.data.slug).toBe('fixed-slug')
  })

  test.each([
    [{ reingest_mode: 'never' }],
    [{ default_post_status: 'published' }],
    [{ auth_mode: 'oauth' }],
    [{ enabled: 'yes' }],
    [{ target_post_type: 'unknown-type' }],
    [{ auth_mode: 'hmac' }],
    [{ new_cpt: { slug: 'x', name: 'x' } }],
  ])('update with %j is 400 invalid_params and changes nothing', async params => {
    const source = await create({ name: 'Strict', auth_mode: 'none' })
    const before = await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id: source.id } })
    const res = await sources('update', { id: source.id, ...params })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect(await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id: source.id } })).toEqual(before)
  })

  test('disabling a source pauses it; enabling brings back its status', async () => {
    const source = await create({ name: 'Pausable', auth_mode: 'none' })
    expect((await sources('update', { id: source.id, enabled: false })).body.data).toMatchObject({ enabled: false, status: 'paused' })
    expect((await sources('update', { id: source.id, enabled: true })).body.data).toMatchObject({ enabled: true, status: 'awaiting_sample' })
  })

  test('rotate_secret returns a new secret once; the old one stops authenticating at once', async () => {
    const source = await create({ name: 'Rotating', auth_mode: 'bearer' })
    const before = await deliver(plane.server.app, source.slug, { title: 'a' }, { Authorization: `Bearer ${source.secret}` })
    expect(before.status).toBe(202)
    const res = await sources('rotate_secret', { id: source.id })
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { id: source.id } })
    expect(Object.keys(res.body.data).sort()).toEqual(['id', 'secret'])
    oneTimeSecrets.set(res.body.data.secret, res.text)
    expect(res.body.data.secret).not.toBe(source.secret)
    expect((await deliver(plane.server.app, source.slug, { title: 'b' }, { Authorization: `Bearer ${source.secret}` })).status).toBe(401)
    expect((await deliver(plane.server.app, source.slug, { title: 'c' }, { Authorization: `Bearer ${res.body.data.secret}` })).status).toBe(202)
    expect((await sources('get', { id: source.id })).body.data.secret_source).toBe('generated')
  })

  test('list returns every source with the listed fields and no secrets', async () => {
    const listed = await create({ name: 'Listed', auth_mode: 'bearer', secret: PROVIDED_SECRET, forward_url: 'https://example.com/f', forward_secret: FORWARD_SECRET })
    const res = await sources('list')
    expect(res.status).toBe(200)
    const { sources: list } = res.body.data
    expect(list.length).toBe(await plane.server.db.svcContentSource.count())
    expect(list.map((source: { id: string }) => source.id)).toContain(listed.id)
    for (const source of list) {
      for (const field of ['id', 'name', 'slug', 'enabled', 'status', 'auth_mode', 'target_post_type', 'cpt_post_type', 'shape_fingerprint',
        'mapping', 'mapping_status', 'sample', 'default_author_id', 'pin_author', 'default_reviewers', 'default_ccs', 'default_post_status',
        'meta_fields', 'fm_variables', 'forward_enabled', 'forward_url', 'forward_auth_mode', 'created_at', 'updated_at']) {
        expect([source.slug, field, field in source]).toEqual([source.slug, field, true])
      }
      expect(source).not.toHaveProperty('secret')
      expect(source).not.toHaveProperty('forward_secret')
    }
  })

  test('the GET read form serves get and list', async () => {
    const { id } = await create({ name: 'Read by GET', auth_mode: 'none' })
    const got = await getWithKey(plane.server.app, plane.admin.key, `/manage/content_sources/get?id=${id}`)
    expect([got.status, got.body.data.slug]).toEqual([200, 'read-by-get'])
    const listed = await getWithKey(plane.server.app, plane.admin.key, '/manage/content_sources/list')
    expect(listed.body.data.sources.map((source: { id: string }) => source.id)).toContain(id)
  })

  test('approve_mapping needs a sample first (409) and a mapping that fits it (400)', async () => {
    const source = await create({ name: 'Unmapped', auth_mode: 'none' })
    const early = await sources('approve_mapping', { id: source.id, mapping: { title: 'title', content: 'body' } })
    expect([early.status, early.body.code]).toEqual([409, 'conflict'])
    await deliver(plane.server.app, source.slug, { title: 'T', body: '<p>B</p>' })
    const wrong = await sources('approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'body' } })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'invalid_params'])
    expect(wrong.body.details.issues).toEqual([{ path: 'mapping.title', code: 'path_not_found', message: '"headline" is not in the sample' }])
    const missing = await sources('approve_mapping', { id: source.id, mapping: { title: 'title' } })
    expect([missing.status, missing.body.code]).toEqual([400, 'invalid_params'])
    const unknownKey = await sources('approve_mapping', { id: source.id, mapping: { title: 'title', content: 'body', subtitle: 'x' } })
    expect([unknownKey.status, unknownKey.body.code]).toEqual([400, 'invalid_params'])
    const ok = await sources('approve_mapping', { id: source.id, mapping: { title: 'title', content: 'body' } })
    expect(ok.body).toMatchObject({ ok: true, changed: true, data: { id: source.id, status: 'active', mapping_status: 'approved', mapping: { title: 'title', content: 'body' } } })
  })

  test.each(['get', 'update', 'rotate_secret', 'export', 'approve_mapping'])('%s of an unknown id is 404 not_found', async action => {
    const params: Record<string, unknown> = { id: 'no-such-source' }
    if (action === 'approve_mapping') params.mapping = { title: 'a', content: 'b' }
    const res = await sources(action, params)
    expect([res.status, res.body.code, res.body.data]).toEqual([404, 'not_found', null])
  })

  test('delete needs confirm, removes the source and its inbox, and keeps its posts', async () => {
    const source = await create({ name: 'Short lived', auth_mode: 'none' })
    await deliver(plane.server.app, source.slug, { title: 'Kept', body: '<p>x</p>', id: 'k1' })
    await sources('approve_mapping', { id: source.id, mapping: { title: 'title', content: 'body', external_id: 'id' } })
    expect(await sourcePostIds(plane.server.db, source.slug)).toHaveLength(1)

    const refused = await sources('delete', { id: source.id })
    expect([refused.status, refused.body.code]).toEqual([400, 'confirm_required'])
    const res = await sources('delete', { id: source.id }, true)
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { id: source.id, deleted: true } })
    expect(await plane.server.db.svcContentSource.findUnique({ where: { id: source.id } })).toBeNull()
    expect(await plane.server.db.svcContentDelivery.count({ where: { sourceId: source.id } })).toBe(0)
    expect(await sourcePostIds(plane.server.db, source.slug)).toHaveLength(1)
    const gone = await sources('delete', { id: source.id }, true)
    expect([gone.status, gone.body.code]).toEqual([404, 'not_found'])
  })
})

describe('content_sources export and import', () => {
  const fresh = useTestServer()
  const freshDispatch = fresh.dispatch

  const comparable = (record: Record<string, unknown>) => {
    const { id: _id, created_at: _c, updated_at: _u, secret_source: _s, forward_key_set: _f, ...rest } = record
    return rest
  }

  test('export is the envelope, without id or secrets', async () => {
    const source = await create({ name: 'Exportable', auth_mode: 'bearer', secret: PROVIDED_SECRET, forward_url: 'https://example.com/f', forward_secret: FORWARD_SECRET })
    const res = await sources('export', { id: source.id })
    expect(res.body.changed).toBe(false)
    expect(res.body.data).toMatchObject({ format: 'svc.content_source', schema_version: 1, product_version: PRODUCT_VERSION, exported_at: expect.any(String) })
    expect(res.body.data.payload).toMatchObject({ name: 'Exportable', slug: 'exportable', auth_mode: 'bearer' })
    for (const key of ['id', 'secret', 'forward_secret', 'secret_source']) expect(res.body.data.payload).not.toHaveProperty(key)
  })

  test('export → import on a fresh site gives an equal source, with its mapping, sample and custom post type', async () => {
    const source = await create({
      name: 'Round trip', auth_mode: 'hmac', new_cpt: { slug: 'guide', name: 'Guides' }, default_author_id: 4,
      meta_fields: { seo: 'seo' }, fm_variables: { weight: 1 }, image_modify: { lazy_load: true }, strip_inbody_faq: true,
    })
    await plane.server.db.svcContentSource.update({ where: { id: source.id }, data: { authMode: 'none' } })
    await deliver(plane.server.app, source.slug, { headline: 'H', html: '<p>x</p>', seo: 'S' })
    await sources('approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'html' } })
    await sources('update', { id: source.id, auth_mode: 'hmac', default_ccs: { user_nums: ['5'] }, reingest_mode: 'update' })
    const original = (await sources('get', { id: source.id })).body.data
    const envelope = (await sources('export', { id: source.id })).body.data

    const imported = await freshDispatch({ resource: 'content_sources', action: 'import', params: { envelope } })
    expect(imported.status).toBe(200)
    oneTimeSecrets.set(imported.body.data.secret, imported.text)
    expect(imported.body.data).toMatchObject({ mode: 'created', secret_source: 'generated', status: 'active', mapping_status: 'approved' })
    expect(imported.body.data.secret).toMatch(/^whsec_/)
    expect(imported.body.data.id).not.toBe(source.id)
    const copy = (await freshDispatch({ resource: 'content_sources', action: 'get', params: { id: imported.body.data.id } })).body.data
    expect(comparable(copy)).toEqual(comparable(original))
    expect(await fresh.server.db.postType.findUnique({ where: { slug: 'guide' } })).toMatchObject({ name: 'Guides' })
  })

  test('import without a secret-needing auth_mode returns no secret', async () => {
    const envelope = { format: 'svc.content_source', schema_version: 1, payload: { name: 'Minimal', slug: 'minimal', auth_mode: 'none' } }
    const res = await freshDispatch({ resource: 'content_sources', action: 'import', params: { envelope } })
    expect(res.body.data).toMatchObject({ mode: 'created', secret: '', secret_source: 'none', slug: 'minimal', status: 'awaiting_sample', target_post_type: 'post' })
  })

  test('a taken slug is a 409 unless overwrite and confirm are both true; overwriting keeps the id and secret', async () => {
    const envelope = { format: 'svc.content_source', schema_version: 1, payload: { name: 'Taken', slug: 'taken', auth_mode: 'bearer' } }
    const first = await freshDispatch({ resource: 'content_sources', action: 'import', params: { envelope } })
    oneTimeSecrets.set(first.body.data.secret, first.text)
    const renamed = { ...envelope, payload: { ...envelope.payload, name: 'Taken again', reingest_mode: 'update' } }
    for (const params of [{ envelope: renamed }, { envelope: renamed, overwrite: true }, { envelope: renamed, confirm: true }, { envelope: renamed, overwrite: true, confirm: false }]) {
      const res = await freshDispatch({ resource: 'content_sources', action: 'import', params })
      expect([res.status, res.body.code]).toEqual([409, 'conflict'])
    }
    const over = await freshDispatch({ resource: 'content_sources', action: 'import', params: { envelope: renamed, overwrite: true }, confirm: true })
    expect(over.body.data).toMatchObject({ mode: 'overwritten', id: first.body.data.id, name: 'Taken again', reingest_mode: 'update', secret: '', secret_source: 'generated' })
    const stillWorks = await deliver(fresh.server.app, 'taken', { a: 1 }, { Authorization: `Bearer ${first.body.data.secret}` })
    expect(stillWorks.status).toBe(202)
  })

  test.each([
    ['a wrong format', { format: 'svc.crm', schema_version: 1, payload: { name: 'x', slug: 'x' } }],
    ['a future schema version', { format: 'svc.content_source', schema_version: 2, payload: { name: 'x', slug: 'x' } }],
    ['no payload', { format: 'svc.content_source', schema_version: 1 }],
    ['a payload that is not an object', { format: 'svc.content_source', schema_version: 1, payload: 'x' }],
    ['an unknown payload key', { format: 'svc.content_source', schema_version: 1, payload: { name: 'x', slug: 'x', secret: 'sneaky-secret-value' } }],
    ['a bad mode value', { format: 'svc.content_source', schema_version: 1, payload: { name: 'x', slug: 'x', auth_mode: 'basic' } }],
    ['a bad slug', { format: 'svc.content_source', schema_version: 1, payload: { name: 'x', slug: 'Not A Slug' } }],
    ['an approved mapping that does not fit its sample', { format: 'svc.content_source', schema_version: 1, payload: { name: 'x', slug: 'x', mapping: { title: 'a', content: 'b' }, mapping_status: 'approved', sample: { a: 'A' } } }],
    ['an envelope that is not an object', 'svc.content_source'],
  ])('import of %s is 400 invalid_params', async (_what, envelope) => {
    const before = await fresh.server.db.svcContentSource.count()
    const res = await freshDispatch({ resource: 'content_sources', action: 'import', params: { envelope } })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect(await fresh.server.db.svcContentSource.count()).toBe(before)
  })
})

describe('content_sources secrets', () => {
  /** Every operation that takes, makes or could echo a secret, on two sources of its own: 9 responses, 4 one-time plaintexts. */
  async function handleSecrets () {
    const sealed = await create({ name: 'Secret keeper', auth_mode: 'bearer', secret: PROVIDED_SECRET, forward_url: 'https://example.com/f', forward_secret: FORWARD_SECRET })
    const generated = await create({ name: 'Secret maker', auth_mode: 'hmac' })
    for (const id of [sealed.id, generated.id, generated.id]) {
      const rotated = await sources('rotate_secret', { id })
      oneTimeSecrets.set(rotated.body.data.secret, rotated.text)
    }
    await sources('update', { id: sealed.id, forward_secret: FORWARD_SECRET })
    await sources('get', { id: sealed.id })
    await sources('export', { id: sealed.id })
    await sources('list')
  }

  test('no response ever carried a secret, except each one-time plaintext in its own response', async () => {
    const before = seenBodies.length
    await handleSecrets()
    expect(seenBodies.length - before).toBe(9)
    for (const body of seenBodies) {
      expect(body).not.toContain(PROVIDED_SECRET)
      expect(body).not.toContain(FORWARD_SECRET)
    }
    expect(oneTimeSecrets.size).toBeGreaterThan(3)
    for (const [secret, ownBody] of oneTimeSecrets) {
      expect(seenBodies.filter(body => body.includes(secret))).toEqual([ownBody])
    }
  })

  test('the audit log never holds a secret', async () => {
    await handleSecrets()
    const entries = JSON.stringify(await plane.server.db.svcAuditEntry.findMany({ where: { operation: { startsWith: 'content_sources.' } } }))
    expect(entries).toContain('content_sources.create')
    for (const secret of [PROVIDED_SECRET, FORWARD_SECRET, ...oneTimeSecrets.keys()]) expect(entries).not.toContain(secret)
  })
})
