import { describe, expect, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { useTestServer } from './support/use-test-server.ts'
import { getWithKey } from './support/client.ts'
import { deliver } from './support/webhooks.ts'
import { createPost, provenanceOf, readPost } from './support/posts.ts'
import { createHostConfig } from '../host/config.ts'
import { hostLists } from '../schema/index.ts'
import { resolveContent, type HostSchema } from '../packages/control-plane/src/host-contract/content.ts'
import { checkPostsModel, type RuntimeDataModel } from '../packages/control-plane/src/host-contract/check-posts-model.ts'
import { parsePostId, postIdFromStored, postsOf } from '../packages/control-plane/src/host-contract/posts.ts'
import { resolveControlPlane } from '../packages/control-plane/src/control-plane.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import type { Db } from '../packages/control-plane/src/db/client.ts'

/** The demo host's lists, as the plugin sees them in its Keystone config. */
const demoSchema: HostSchema = { lists: hostLists as HostSchema['lists'] }

const ok = <Res extends { status: number, body: any }>(res: Res): Res => {
  expect([res.status, res.body.ok]).toEqual([200, true])
  return res
}

describe('host.content resolves against the host\'s lists', () => {
  test('by default: the Post list and every field it has, integer ids from its autoincrement id field', () => {
    const content = resolveContent(undefined, demoSchema)
    expect(content).toEqual({
      list: 'Post',
      delegate: 'post',
      idType: 'integer',
      fields: {
        title: 'title',
        body: { field: 'content', format: 'html' },
        slug: 'slug',
        status: { field: 'status', values: { draft: 'draft', pending: 'pending', publish: 'publish' } },
        excerpt: 'excerpt',
        updatedAt: 'updatedAt',
        author: 'author',
        tags: 'tags',
        categories: 'categories',
        postType: 'postType',
        meta: 'meta',
        createdAt: 'createdAt',
      },
    })
  })

  test('optional parts the list lacks are left out; ids follow the list\'s (or the config\'s) idField', () => {
    const schema: HostSchema = { lists: { Article: { fields: { title: {}, content: {}, tags: {} } } } }
    const content = resolveContent({ list: 'Article' }, schema)
    expect(content).toMatchObject({ list: 'Article', delegate: 'article', idType: 'string' })
    expect(content && content.fields).toMatchObject({ tags: 'tags', excerpt: null, slug: null, status: null, updatedAt: null, meta: null })
    expect(resolveContent({ list: 'Article' }, { ...schema, idField: { kind: 'autoincrement' } })).toMatchObject({ idType: 'integer' })
    expect(resolveContent({ list: 'Article', idType: 'integer' }, schema)).toMatchObject({ idType: 'integer' })
    expect(resolveContent({ fields: { excerpt: false, tags: false } }, demoSchema)).toMatchObject({ fields: { excerpt: null, tags: null, categories: 'categories' } })
  })

  test('a list or field named explicitly that does not exist stops the start, naming list, field and option', () => {
    expect(() => resolveContent({ list: 'Article' }, demoSchema)).toThrow('host.content.list: the host has no list "Article"')
    expect(() => resolveContent({ fields: { excerpt: 'summary' } }, demoSchema))
      .toThrow('host.content: the Post list has no field "summary" (named by host.content.fields.excerpt)')
    expect(() => resolveContent({ fields: { body: { field: 'html', format: 'html' } } }, demoSchema)).toThrow('no field "html" (named by host.content.fields.body)')
    expect(() => resolveContent({ fields: { status: { field: 'state', published: 'live' } } }, demoSchema)).toThrow('no field "state" (named by host.content.fields.status.field)')
  })

  test('the demo host refuses to start when its field map names a field Post does not have', () => {
    const start = () => createHostConfig({
      databaseUrl: 'file:./var/test/never-opened.db',
      sessionSecret: randomBytes(32).toString('base64'),
      controlPlane: { encryptionKey: '0'.repeat(64), host: { content: { fields: { excerpt: 'summary' } } } },
    })
    expect(start).toThrow('the Post list has no field "summary" (named by host.content.fields.excerpt)')
  })

  test('at mount, the database model checks field types and the id type', () => {
    const model: RuntimeDataModel = {
      models: {
        Post: {
          fields: [
            { name: 'id', kind: 'scalar', type: 'Int' }, { name: 'title', kind: 'scalar', type: 'String' },
            { name: 'content', kind: 'scalar', type: 'String' }, { name: 'slug', kind: 'scalar', type: 'String' },
          ],
        },
      },
    }
    const plain = resolveContent({ fields: { slug: false, status: false, excerpt: false, updatedAt: false, author: false, tags: false, categories: false, postType: false, meta: false, createdAt: false } }, demoSchema)
    if (!plain) throw new Error('content expected')
    expect(() => checkPostsModel({ ...plain, fields: { ...plain.fields, author: 'slug' } }, model))
      .toThrow('the Post list\'s field "slug" (host.content.fields.author) must be an integer field, it is scalar String')
    expect(() => checkPostsModel({ ...plain, fields: { ...plain.fields, excerpt: 'summary' } }, model))
      .toThrow('the Post list\'s field "summary" (host.content.fields.excerpt) is not in the database model')
    expect(() => checkPostsModel(plain, model)).not.toThrow()
    expect(() => checkPostsModel({ ...plain, idType: 'string' }, model)).toThrow('host.content.idType: the Post list\'s ids are integers, not strings')
    expect(() => checkPostsModel({ ...plain, fields: { ...plain.fields, body: { field: 'content', format: 'document' } } }, {
      models: { Post: { fields: [...model.models.Post!.fields.filter(field => field.name !== 'content'), { name: 'content', kind: 'scalar', type: 'Int' }] } },
    })).toThrow('(host.content.fields.body) must be a document field (body.format document)')
    expect(() => checkPostsModel(plain, { models: {} })).toThrow('host.content.list: the database model has no Post list')
  })
})

describe('string post ids', () => {
  const stringIds = resolveContent({ list: 'Article', idType: 'string' }, { lists: { Article: { fields: { title: {}, content: {} } } } })
  if (!stringIds) throw new Error('content expected')
  const integerIds = resolveContent(undefined, demoSchema)
  if (!integerIds) throw new Error('content expected')

  test('params accept numbers and strings; each host keeps its own id type', () => {
    expect(parsePostId(stringIds, 'cl9ebqhxk00003b600tymydho')).toBe('cl9ebqhxk00003b600tymydho')
    expect(parsePostId(stringIds, 42)).toBe('42')
    expect(parsePostId(integerIds, '42')).toBe(42)
    expect(parsePostId(integerIds, 'cl9ebqhxk00003b600tymydho')).toBeNull()
    expect(postIdFromStored(stringIds, '42')).toBe('42')
    expect(postIdFromStored(integerIds, '42')).toBe(42)
  })

  test('the gateway reads and writes a cuid-keyed list through its field map', async () => {
    const rows = new Map<string, Record<string, unknown>>()
    const article = {
      findUnique: async ({ where }: { where: { id: string } }) => rows.get(where.id) ?? null,
      create: async ({ data }: { data: Record<string, unknown> }) => {
        const id = `c${rows.size}k${randomBytes(8).toString('hex')}`
        rows.set(id, { id, ...data })
        return { id }
      },
      updateMany: async ({ where, data }: { where: { id: string }, data: Record<string, unknown> }) => {
        const row = rows.get(where.id)
        if (row) Object.assign(row, data)
        return { count: row ? 1 : 0 }
      },
    }
    const posts = postsOf({ article } as unknown as Db, stringIds)
    const id = await posts.create({ title: 'Hello', body: '<p>Hi</p>', excerpt: 'ignored: no excerpt field', tagIds: ['t1'] })
    expect(typeof id).toBe('string')
    expect(rows.get(id as string)).toEqual({ id, title: 'Hello', content: '<p>Hi</p>' })
    expect(await posts.update(id, { body: '<p>Bye</p>' })).toBe(true)
    expect(await posts.get(id)).toMatchObject({ id, title: 'Hello', body: '<p>Bye</p>', excerpt: null, status: null, tags: [], updatedAt: null })
  })
})

describe('a field map without excerpt and tags', () => {
  const plane = useTestServer({ host: { content: { fields: { excerpt: false, tags: false } } } })
  const pipelines = (action: string, params: Record<string, unknown> = {}) => plane.dispatch({ resource: 'pipelines', action, params })

  test('a recipe with set_excerpt is refused at save, naming the missing part', async () => {
    const res = await pipelines('create_recipe', { name: 'Excerpts', stages: [{ type: 'content_cleanup' }, { type: 'set_excerpt' }] })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_params', details: { stage: 1, type: 'set_excerpt', requires: ['excerpt'] } })
    expect(res.body.error).toContain('host.content.fields.excerpt')
  })

  test('the default recipe skips set_excerpt and writes no tags, saying so; the rest is written', async () => {
    const post = await createPost(plane.server.db, { content: '<h1>Title</h1><p>First paragraph.</p>', excerpt: 'kept', tags: ['Old'] })
    const res = ok(await pipelines('run', { post_id: post.id, recipe_id: 'default' }))
    const stage = res.body.data.stages.find((candidate: { type: string }) => candidate.type === 'set_excerpt')
    expect(stage).toMatchObject({ status: 'skipped', message: expect.stringContaining('host.content.fields.excerpt') })
    expect(res.body.data).toMatchObject({ status: 'success', changed: true })
    const after = await readPost(plane.server.db, post.id)
    expect(after.content).toContain('<h2 id="title">Title</h2>')
    expect([after.excerpt, after.tags]).toEqual(['kept', ['old']])

    ok(await pipelines('create_recipe', { id: 'tagging', name: 'Tagging', stages: [{ type: 'apply_taxonomy', options: { tags: ['New'], categories: ['Guides'] } }] }))
    const tagged = ok(await pipelines('run', { post_id: post.id, recipe_id: 'tagging' }))
    expect(tagged.body.data.message).toContain('tags not written')
    expect(tagged.body.data.changes.map((change: { field: string }) => change.field)).toEqual(['categories'])
    expect(await readPost(plane.server.db, post.id)).toMatchObject({ tags: ['old'], categories: ['guides'] })
  })

  test('ingest leaves the unmapped parts alone and records where the post came from', async () => {
    const source = ok(await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Wire', auth_mode: 'none' } })).body.data
    const article = { id: 'a-1', title: 'Wired', html: '<p>Body</p>', summary: 'Summary', labels: ['One'] }
    await deliver(plane.server.app, source.slug, article)
    ok(await plane.dispatch({
      resource: 'content_sources',
      action: 'approve_mapping',
      params: { id: source.id, mapping: { title: 'title', content: 'html', excerpt: 'summary', tags: 'labels', external_id: 'id' } },
    }))
    const item = await plane.server.db.svcContentItem.findFirstOrThrow({ where: { source: source.slug, externalId: 'a-1' } })
    const post = await readPost(plane.server.db, Number(item.postId))
    expect(post).toMatchObject({ title: 'Wired', content: '<p>Body</p>', excerpt: '', tags: [] })
    expect(await provenanceOf(plane.server.db, post.id)).toMatchObject({ contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })

  test('the client the server mounts with exposes the data model the startup check reads', () => {
    const model = (plane.server.db as unknown as { _runtimeDataModel: RuntimeDataModel })._runtimeDataModel
    const content = plane.server.runtime.options.host.content
    if (!content) throw new Error('content expected')
    expect(() => checkPostsModel(content, model)).not.toThrow()
    expect(() => checkPostsModel({ ...content, fields: { ...content.fields, author: 'slug' } }, model))
      .toThrow('the Post list\'s field "slug" (host.content.fields.author) must be an integer field, it is scalar String')
    expect(() => checkPostsModel({ ...content, fields: { ...content.fields, categories: 'postType' } }, model)).not.toThrow()
  })

  test('list_posts and status.get answer', async () => {
    ok(await pipelines('list_posts', { search: 'Wired' }))
    ok(await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get'))
  })
})

describe('a field map whose status knows only draft and published', () => {
  const plane = useTestServer({ host: { content: { fields: { status: { field: 'status', published: 'publish', draft: 'draft' } } } } })

  test('a source may not ingest as pending', async () => {
    const source = ok(await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Review' } })).body.data
    ok(await plane.dispatch({ resource: 'content_sources', action: 'update', params: { id: source.id, default_post_status: 'publish' } }))
    const res = await plane.dispatch({ resource: 'content_sources', action: 'update', params: { id: source.id, default_post_status: 'pending' } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_params', details: { issues: [{ path: 'default_post_status' }] } })
    expect(res.body.error).toContain('host.content.fields.status.pending')
  })
})

describe('a host without posts (host.content: false)', () => {
  const plane = useTestServer({ host: { content: false } })

  test('content sources and pipelines are left out of the manifest, routes and Admin UI pages', async () => {
    const manifest = ok(await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data
    const names: string[] = manifest.operations.map((operation: { name: string }) => operation.name)
    expect(names.filter(name => name.startsWith('content_sources.') || name.startsWith('pipelines.'))).toEqual([])
    expect(names).toContain('crm.create')
    const pages: string[] = manifest.admin_pages.map((page: { path: string }) => page.path)
    expect(pages).not.toContain('/content-sources')
    expect(pages).not.toContain('/pipelines')
    const res = await plane.dispatch({ resource: 'pipelines', action: 'list_posts', params: {} })
    expect([res.status, res.body.code]).toEqual([404, 'unknown_operation'])
    expect((await deliver(plane.server.app, 'anything', { title: 'x' })).status).toBe(404)
  })

  test('modules.list names them as unavailable, with the reason; they cannot be switched', async () => {
    const modules = ok(await plane.dispatch({ resource: 'modules', action: 'list', params: {} })).body.data.modules
    const byKey = Object.fromEntries(modules.map((module: { key: string }) => [module.key, module]))
    for (const key of ['content_sources', 'pipelines']) {
      expect(byKey[key]).toEqual({ key, enabled: false, locked: false, operations: [], available: false, reason: 'the host has no posts list (host.content is false)' })
    }
    expect(byKey.crm).toMatchObject({ available: true, reason: null, enabled: true })
    const refused = await plane.dispatch({ resource: 'modules', action: 'enable', params: { module: 'pipelines' } })
    expect([refused.status, refused.body.code]).toEqual([409, 'conflict'])
  })

  test('status.get answers without content lists', async () => {
    const data = ok(await getWithKey(plane.server.app, plane.admin.key, '/manage/status/get')).body.data
    expect(data.forwarding).toEqual([])
    expect(data.checks.find((check: { name: string }) => check.name === 'migrations')).toMatchObject({ ok: true })
  })

  test('a host with no Post list and no host.content option runs without them too', () => {
    const { Post: _post, ...withoutPosts } = demoSchema.lists
    const plane = resolveControlPlane(builtinResources, {}, { databaseProvider: 'sqlite' }, { lists: withoutPosts })
    expect(plane.options.host.content).toBe(false)
    expect(plane.unavailable.map(module => module.key).sort()).toEqual(['content_sources', 'pipelines'])
    expect(plane.unavailable[0]!.reason).toContain('no Post list')
    expect(plane.parts.operations.some(operation => operation.resource === 'pipelines')).toBe(false)
    expect(plane.parts.adminPages.some(page => page.path === '/pipelines')).toBe(false)
  })
})
