import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie } from './support/session-client.ts'
import { isUniqueViolation } from '../packages/control-plane/src/platform/db/client.ts'
import { seedPostTypes } from '../schema/seed-post-types.ts'

const plane = useTestServer()
const cookies: Record<string, string> = {}
const WEBHOOK_SECRET = 'graphql-Webhook-Secret-0xBADC0DE'
const FORWARD_SECRET = 'graphql-Forward-Secret-0xBADF00D'

beforeAll(async () => {
  for (const role of ['administrator', 'editor', 'subscriber'] as const) {
    const account = await plane.account(role)
    cookies[role] = await sessionCookie(plane.server.app, account.email, account.password)
  }
  const res = await plane.caller('content_sources')('create', { name: 'GraphQL probe', auth_mode: 'bearer', secret: WEBHOOK_SECRET, forward_url: 'https://example.com/f', forward_secret: FORWARD_SECRET })
  if (res.status !== 200) throw new Error(res.text)
})

const failsUnique = async (write: Promise<unknown>) => {
  const error = await write.then(() => null, (caught: unknown) => caught)
  expect(isUniqueViolation(error)).toBe(true)
}

describe('host content model', () => {
  test('post and page are seeded once, however often seeding runs', async () => {
    await Promise.all([seedPostTypes(plane.server.db), seedPostTypes(plane.server.db)])
    const types = await plane.server.db.postType.findMany({ orderBy: { id: 'asc' } })
    expect(types.map(type => [type.slug, type.name])).toEqual([['post', 'Posts'], ['page', 'Pages']])
  })

  test('the database keeps post slugs unique per post type, and external ids unique per source', async () => {
    const [post, page] = await Promise.all(['post', 'page'].map(slug => plane.server.db.postType.findUniqueOrThrow({ where: { slug } })))
    const a = await plane.server.db.post.create({ data: { title: 'A', slug: 'same', postTypeId: post!.id } })
    const b = await plane.server.db.post.create({ data: { title: 'A', slug: 'same', postTypeId: page!.id } })
    await failsUnique(plane.server.db.post.create({ data: { title: 'B', slug: 'same', postTypeId: post!.id } }))
    const d = await plane.server.db.post.create({ data: { title: 'D', slug: 'd', postTypeId: post!.id } })
    // Where a post came from is the control plane's own record: one external id per source, one source per post.
    await plane.server.db.svcContentItem.create({ data: { source: 'feed', externalId: 'e1', postId: String(a.id) } })
    await plane.server.db.svcContentItem.create({ data: { source: 'other-feed', externalId: 'e1', postId: String(b.id) } })
    await failsUnique(plane.server.db.svcContentItem.create({ data: { source: 'feed', externalId: 'e1', postId: String(d.id) } }))
    await failsUnique(plane.server.db.svcContentItem.create({ data: { source: 'third-feed', externalId: 'e2', postId: String(a.id) } }))
    await plane.server.db.svcContentItem.create({ data: { source: 'feed', externalId: null, postId: String(d.id) } })
  })

  test('signed-in accounts read posts; editors write them, subscribers cannot', async () => {
    const postType = await plane.server.db.postType.findUniqueOrThrow({ where: { slug: 'post' } })
    await plane.server.db.post.create({ data: { title: 'Readable', slug: 'readable', postTypeId: postType.id } })
    const read = await graphql(plane.server.app, '{ posts(take: 1) { title postType { slug } } }', {}, cookies.subscriber)
    expect(read.body.errors).toBeUndefined()
    expect(read.body.data.posts).toHaveLength(1)
    const create = 'mutation { createPost(data: { title: "From the Admin UI" }) { slug status } }'
    const denied = await graphql(plane.server.app, create, {}, cookies.subscriber)
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('KS_ACCESS_DENIED')
    const created = await graphql(plane.server.app, create, {}, cookies.editor)
    expect(created.body.data.createPost).toEqual({ slug: 'from-the-admin-ui', status: 'draft' })
  })
})

describe('content sources in GraphQL', () => {
  test('have no type, query or mutation there: not even an administrator reads a source, or its secrets, through GraphQL', async () => {
    const schema = await graphql(plane.server.app, '{ __schema { types { name } } }')
    expect((schema.body.data.__schema.types as { name: string }[]).map(type => type.name).filter(name => name.startsWith('SvcContentSource'))).toEqual([])
    expect(await plane.server.db.svcContentSource.count({ where: { slug: 'graphql-probe' } })).toBe(1)
    for (const cookie of [cookies.administrator, cookies.subscriber]) {
      const res = await graphql(plane.server.app, '{ svcContentSources { name slug authMode } }', {}, cookie)
      expect(res.body.errors?.map((error: { extensions?: { code?: string } }) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED'])
      expect(JSON.stringify(res.body)).not.toContain('graphql-probe')
      expect(JSON.stringify(res.body)).not.toContain(WEBHOOK_SECRET)
      expect(JSON.stringify(res.body)).not.toContain(FORWARD_SECRET)
    }
  })
})
