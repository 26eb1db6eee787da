import { describe, expect, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { deliver } from './support/webhooks.ts'
import { createPost, provenanceOf, readPost } from './support/posts.ts'
import { createHostConfig } from '../host/config.ts'
import { hostLists } from '../schema/index.ts'
import { configuredIdType, resolveContent, type HostSchema } from '../packages/control-plane/src/platform/host-contract/content.ts'
import { checkBodyKind, checkPostsModel } from '../packages/control-plane/src/platform/host-contract/check-posts-model.ts'
import { hostDataModel, type HostDataModel } from '../packages/control-plane/src/platform/host-contract/graphql-data-model.ts'
import { postsOf } from '../packages/control-plane/src/platform/host-contract/posts.ts'
import { parsePostId, postIdFromStored } from '../packages/control-plane/src/platform/host-contract/post-ids.ts'
import { documentToHtml, htmlToDocument } from '../packages/control-plane/src/platform/host-contract/document-body.ts'
import { bodyCodecFor } from '../packages/control-plane/src/platform/host-contract/post-body.ts'
import { resolveControlPlane } from '../packages/control-plane/src/kernel/control-plane.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { withPublishTrigger } from '../packages/control-plane/src/resources/pipelines/triggers/publish-hook.ts'
import { LiveRuntime } from '../packages/control-plane/src/kernel/live-runtime.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

/** The demo host's lists, as the plugin sees them in its Keystone config. */
const demoSchema: HostSchema = { lists: hostLists }

const ok = <Res extends { status: number, body: { ok?: unknown } }>(res: Res): Res => {
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
      defaulted: ['slug', 'excerpt', 'updatedAt', 'author', 'tags', 'categories', 'postType', 'meta', 'createdAt', 'status'],
    })
  })

  test('optional parts the list lacks are left out; ids follow the list\'s (or the config\'s) idField', () => {
    const schema: HostSchema = { lists: { Article: { fields: { title: {}, content: {}, tags: {} } } } }
    const content = resolveContent({ list: 'Article' }, schema)
    expect(content).toMatchObject({ list: 'Article', delegate: 'article', idType: 'string' })
    expect(content && content.fields).toMatchObject({ tags: 'tags', excerpt: null, slug: null, status: null, updatedAt: null, meta: null })
    expect(resolveContent({ list: 'Article' }, { ...schema, idField: { kind: 'autoincrement' } })).toMatchObject({ idType: 'integer' })
    expect(resolveContent({ list: 'Article', idType: 'integer' }, schema)).toMatchObject({ idType: 'integer' })
    expect(resolveContent({ list: 'Article' }, { ...schema, idField: { kind: 'number', type: 'Int' } })).toMatchObject({ idType: 'integer' })
    expect(resolveContent({ list: 'Article' }, { ...schema, idField: { kind: 'autoincrement', type: 'BigInt' } })).toMatchObject({ idType: 'bigint' })
    expect(resolveContent({ list: 'Article' }, { ...schema, idField: { kind: 'number', type: 'BigInt' } })).toMatchObject({ idType: 'bigint' })
    expect(resolveContent({ fields: { excerpt: false, tags: false } }, demoSchema)).toMatchObject({ fields: { excerpt: null, tags: null, categories: 'categories' } })
  })

  test('a list or field named explicitly that does not exist stops the start, naming list, field and option', () => {
    expect(() => resolveContent({ list: 'Article' }, demoSchema)).toThrow('host.content.list: the host has no list "Article"')
    expect(() => resolveContent({ fields: { excerpt: 'summary' } }, demoSchema))
      .toThrow('host.content: the Post list has no field "summary" (named by host.content.fields.excerpt)')
    expect(() => resolveContent({ fields: { body: { field: 'html', format: 'html' } } }, demoSchema)).toThrow('no field "html" (named by host.content.fields.body)')
    expect(() => resolveContent({ fields: { status: { field: 'state', published: 'live' } } }, demoSchema)).toThrow('no field "state" (named by host.content.fields.status.field)')
    // A Post list of another shape, with no host.content option: the defaults name what is missing.
    expect(() => resolveContent(undefined, { lists: { Post: { fields: { title: {}, body: {} } } } }))
      .toThrow('the Post list has no field "content" (the default of host.content.fields.body; name the list\'s field there, or set host.content: false)')
  })

  test('the demo host refuses to start when its field map names a field Post does not have', () => {
    const start = () => createHostConfig({
      databaseUrl: 'file:./var/test/never-opened.db',
      sessionSecret: randomBytes(32).toString('base64'),
      controlPlane: { env: {}, security: { encryptionKey: '0'.repeat(64) }, host: { content: { fields: { excerpt: 'summary' } } } },
    })
    expect(start).toThrow('the Post list has no field "summary" (named by host.content.fields.excerpt)')
  })

  test('at mount, the database model checks field types and the id type', () => {
    const model: HostDataModel = {
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
      .toThrow('the Post list\'s field "slug" (host.content.fields.author) must be a relationship to the User list (host.accounts.list) or an integer field holding a team-member slot, it is scalar String')
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

  test('BigInt ids travel as their digits: strings in (numbers while exact), strings out, none past PostgreSQL\'s bigint', () => {
    const bigintIds = { ...integerIds, idType: 'bigint' as const }
    expect(parsePostId(bigintIds, '9223372036854775807')).toBe('9223372036854775807')
    expect(parsePostId(bigintIds, 42)).toBe('42')
    expect(parsePostId(bigintIds, '9223372036854775808')).toBeNull()
    expect(parsePostId(bigintIds, 2 ** 60)).toBeNull()
    expect(parsePostId(bigintIds, '0')).toBeNull()
    expect(postIdFromStored(bigintIds, '9223372036854775807')).toBe('9223372036854775807')
  })

  test('the gateway reads and writes a cuid-keyed list through its field map', async () => {
    const rows = new Map<string, Record<string, unknown>>()
    const article = {
      findUnique: ({ where }: { where: { id: string } }) => Promise.resolve(rows.get(where.id) ?? null),
      create: ({ data }: { data: Record<string, unknown> }) => {
        const id = `c${rows.size}k${randomBytes(8).toString('hex')}`
        rows.set(id, { id, ...data })
        return Promise.resolve({ id })
      },
      updateMany: ({ where, data }: { where: { id: string }, data: Record<string, unknown> }) => {
        const row = rows.get(where.id)
        if (row) Object.assign(row, data)
        return Promise.resolve({ count: row ? 1 : 0 })
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

  test('the data model read from Keystone\'s GraphQL schema is the one Prisma was generated with, field for field', () => {
    const model = hostDataModel(plane.server.runtime.keystone.graphql.schema, list => configuredIdType(demoSchema, list))
    // Prisma's own view, internal to its client: the yardstick here, never read by the package.
    const prisma = (plane.server.db as unknown as { _runtimeDataModel: HostDataModel })._runtimeDataModel
    for (const list of Object.keys(hostLists)) {
      const fields = model.models[list]?.fields ?? []
      expect({ list, fields: fields.length > 1 }).toEqual({ list, fields: true })
      // An object output that is not a list (a password's PasswordState) tells nothing of its storage; no part may be one.
      for (const field of fields.filter(field => field.kind !== 'composite')) {
        const stored = prisma.models[list]!.fields.find(candidate => candidate.name === field.name)
        expect({ list, name: field.name, kind: field.kind, type: field.type }).toEqual({ list, name: field.name, kind: stored?.kind, type: stored?.type })
      }
    }
    expect(model.models.User!.fields.filter(field => field.kind === 'composite')).toEqual([{ name: 'password', kind: 'composite', type: 'PasswordState' }])
    // What Prisma's model leaves out: whether a relationship holds many.
    expect(model.models.Post!.fields.filter(field => field.kind === 'object').map(({ name, isList }) => ({ name, isList }))).toEqual(expect.arrayContaining([{ name: 'tags', isList: true }, { name: 'postType', isList: false }]))
    expect(model.models.Post!.fields.map(field => field.name)).toEqual(expect.arrayContaining(['id', 'title', 'content', 'tags', 'categories', 'postType', 'meta', 'author']))
  })

  test('the startup check reads that model: the demo host fits, a misfit names the field', () => {
    const model = hostDataModel(plane.server.runtime.keystone.graphql.schema, list => configuredIdType(demoSchema, list))
    const content = plane.server.runtime.options.host.content
    if (!content) throw new Error('content expected')
    expect(() => checkPostsModel(content, model)).not.toThrow()
    expect(() => checkPostsModel({ ...content, defaulted: [], fields: { ...content.fields, author: 'slug' } }, model))
      .toThrow('the Post list\'s field "slug" (host.content.fields.author) must be a relationship to the User list (host.accounts.list) or an integer field holding a team-member slot, it is scalar String')
    expect(() => checkPostsModel({ ...content, fields: { ...content.fields, categories: 'postType' } }, model)).not.toThrow()
  })

  test('source settings that need tags are refused, naming the part', async () => {
    const res = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Tagged', target_tag_slug: 'wire' } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_params', details: { issues: [{ path: 'target_tag_slug', code: 'not_supported' }] } })
    expect(res.body.error).toContain('host.content.fields.tags')
  })

  test('the GraphQL schema tells a text body from a document one, which Prisma cannot on SQLite', () => {
    const content = plane.server.runtime.options.host.content
    if (!content) throw new Error('content expected')
    const schema = plane.server.runtime.keystone.graphql.schema
    expect(() => checkBodyKind(content, schema)).not.toThrow()
    expect(() => checkBodyKind({ ...content, fields: { ...content.fields, body: { field: 'content', format: 'document' } } }, schema))
      .toThrow('the Post list\'s field "content" (host.content.fields.body) is a text field, not a document field')
    const documentSchema = { getType: () => ({ getFields: () => ({ content: { type: { ofType: { name: 'Post_content_Document' } } } }) }) }
    expect(() => checkBodyKind(content, documentSchema)).toThrow('is a document field; set body.format to \'document\'')
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

describe('document bodies', () => {
  const hero = { type: 'component-block', component: 'hero', props: { image: 'x.png' }, children: [{ type: 'component-inline-prop', children: [{ text: 'Hero' }] }] }
  const document = [
    { type: 'heading', level: 1, children: [{ text: 'Title' }] },
    { type: 'paragraph', children: [{ text: 'Hello ' }, { text: 'bold', bold: true }, { type: 'link', href: 'https://x.test', children: [{ text: 'a link' }] }, { text: '' }] },
    hero,
    { type: 'unordered-list', children: [{ type: 'list-item', children: [{ type: 'list-item-content', children: [{ text: 'one' }] }, { type: 'ordered-list', children: [{ type: 'list-item', children: [{ type: 'list-item-content', children: [{ text: 'nested' }] }] }] }] }] },
    { type: 'layout', layout: [1, 1], children: [{ type: 'layout-area', children: [{ type: 'paragraph', children: [{ text: 'left' }] }] }, { type: 'layout-area', children: [{ type: 'paragraph', children: [{ text: 'right' }] }] }] },
    { type: 'blockquote', children: [{ type: 'paragraph', children: [{ text: 'quoted' }] }] },
    { type: 'code', children: [{ text: 'a < b' }] },
    { type: 'divider', children: [{ text: '' }] },
  ]

  test('a Keystone document goes to HTML and back unchanged, nodes HTML cannot hold included', () => {
    const html = documentToHtml(document)
    expect(html).toContain('<h1>Title</h1>')
    expect(html).toContain('<strong>bold</strong>')
    expect(htmlToDocument(html)).toEqual(document)
    // Stored as JSON text (a document field on SQLite) or as JSON.
    expect(JSON.parse(bodyCodecFor('document', true).write(html) as string)).toEqual(document)
    expect(bodyCodecFor('document').read(JSON.stringify(document))).toBe(html)
  })

  test('HTML without a document element becomes valid blocks', () => {
    expect(htmlToDocument('<div><p>in a div</p></div>loose <em>text</em><ul><li>item</li></ul>')).toEqual([
      { type: 'paragraph', children: [{ text: 'in a div' }] },
      { type: 'paragraph', children: [{ text: 'loose ' }, { text: 'text', italic: true }] },
      { type: 'unordered-list', children: [{ type: 'list-item', children: [{ type: 'list-item-content', children: [{ text: 'item' }] }] }] },
    ])
  })

  describe('on a host whose body is a document (here a json field standing in for one)', () => {
    const plane = useTestServer({ host: { content: { fields: { body: { field: 'meta', format: 'document' }, meta: false } } } })

    test('ingest writes a document, and a stage edits it without losing the nodes it does not touch', async () => {
      const source = ok(await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Docs', auth_mode: 'none' } })).body.data
      await deliver(plane.server.app, source.slug, { title: 'Doc post', html: '<h1>Big</h1><p>Some <strong>text</strong></p>' })
      ok(await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id: source.id, mapping: { title: 'title', content: 'html' } } }))
      const item = await plane.server.db.svcContentItem.findFirstOrThrow({ where: { source: source.slug } })
      const id = Number(item.postId)
      expect((await plane.server.db.post.findUniqueOrThrow({ where: { id } })).meta).toEqual([
        { type: 'heading', level: 1, children: [{ text: 'Big' }] },
        { type: 'paragraph', children: [{ text: 'Some ' }, { text: 'text', bold: true }] },
      ])

      await plane.server.db.post.update({ where: { id }, data: { meta: document } })
      ok(await plane.dispatch({ resource: 'pipelines', action: 'create_recipe', params: { id: 'outline', name: 'Outline', stages: [{ type: 'normalize_headings' }] } }))
      const run = ok(await plane.dispatch({ resource: 'pipelines', action: 'run', params: { post_id: id, recipe_id: 'outline' } })).body.data
      expect(run).toMatchObject({ status: 'success', changed: true })
      const [first, ...rest] = (await plane.server.db.post.findUniqueOrThrow({ where: { id } })).meta as typeof document
      expect(first).toEqual({ type: 'heading', level: 2, children: [{ text: 'Title' }] })
      expect(rest).toEqual(document.slice(1))
    })
  })
})

describe('the publish trigger', () => {
  test('hooks the posts list host.content names, on its own published value, after the host\'s hook', async () => {
    const content = resolveContent({ list: 'Article', fields: { status: { field: 'state', published: 'live', draft: 'wip' } } }, {
      lists: { Article: { fields: { title: {}, content: {}, state: {} } } },
    })
    if (!content) throw new Error('content expected')
    const calls: string[] = []
    const lists = { Article: { fields: {}, hooks: { afterOperation: () => { calls.push('host') } } }, Post: { fields: {} } }
    const options = { host: { content } } as unknown as Parameters<typeof withPublishTrigger>[1]
    const hooked = withPublishTrigger(lists as never, options, new LiveRuntime())
    expect(hooked.Post).toBe(lists.Post)
    const afterOperation = hooked.Article!.hooks!.afterOperation as (args: object) => Promise<void>
    // Not published (or already was): only the host's hook runs, nothing reads the database.
    await afterOperation({ operation: 'update', item: { id: 'a1', state: 'wip' }, originalItem: { state: 'wip' }, context: { prisma: null } })
    await afterOperation({ operation: 'update', item: { id: 'a1', state: 'live' }, originalItem: { state: 'live' }, context: { prisma: null } })
    expect(calls).toEqual(['host', 'host'])
    expect(withPublishTrigger(lists as never, { host: { content: { ...content, fields: { ...content.fields, status: null } } } } as never, new LiveRuntime())).toBe(lists)
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
    expect(pages).not.toContain('/control-plane/content-sources')
    expect(pages).not.toContain('/control-plane/pipelines')
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
    expect(plane.operations.some(operation => operation.resource === 'pipelines')).toBe(false)
    expect(plane.adminPages.some(page => page.path === '/control-plane/pipelines')).toBe(false)
  })
})
