import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie } from './support/session-client.ts'
import { deliver } from './support/webhooks.ts'
import { createPost, readPost } from './support/posts.ts'
import { defineStage } from '../packages/control-plane/src/index.ts'
import { pipelines as pipelinesResource } from '../packages/control-plane/src/resources/pipelines/index.ts'

const failingStage = defineStage({
  type: 'always_fails',
  summary: 'test: fails',
  options: z.object({}),
  run () { throw new Error('this stage always fails') },
})

const plane = useTestServer({ outbox: false, builtins: [pipelinesResource({ stages: [failingStage] })] })
const pipelines = plane.caller('pipelines')

async function ok (resource: string, action: string, params: Record<string, unknown> = {}) {
  const res = await plane.dispatch({ resource, action, params })
  expect([action, res.status, res.body.error]).toEqual([action, 200, null])
  return res.body.data
}

const MAPPING = { title: 'headline', content: 'body_html', external_id: 'id' }
const article = (id: string, body = '<h1>Big</h1><p>Delivered text.</p>') => ({ id, headline: `Article ${id}`, body_html: body })

/** An open (auth none) source with an approved mapping; the sample it was approved on becomes a post too. */
async function activeSource (name: string, settings: Record<string, unknown> = {}) {
  const source = await ok('content_sources', 'create', { name, auth_mode: 'none', ...settings })
  expect((await deliver(plane.server.app, source.slug, article('sample'))).status).toBe(202)
  await ok('content_sources', 'approve_mapping', { id: source.id, mapping: MAPPING })
  return source as { id: string, slug: string }
}

async function ingest (slug: string, body: object) {
  const res = await deliver(plane.server.app, slug, body)
  expect([res.status, res.body.error]).toEqual([200, null])
  return res.body.data as { post_id: number, status: string }
}

/** The Post list through Keystone, hooks and all, as the Admin UI and GraphQL write it. */
const keystonePosts = () => plane.server.runtime.keystone.sudo().db.Post!

// Every test starts with the default recipe alone; each creates the recipes its triggers need.
beforeEach(async () => { await plane.server.db.svcPipelineRecipe.deleteMany({ where: { slug: { not: 'default' } } }) })

const lowIngestRecipe = () =>
  ok('pipelines', 'create_recipe', { id: 'wire-low', name: 'Low', priority: 1, stages: [{ type: 'set_excerpt' }], trigger: { on: ['ingest'] } })

/** Three ingest recipes: one for every source, a higher one for `slug`'s, and the highest for pages only. */
async function ingestRecipes (slug: string) {
  await lowIngestRecipe()
  await ok('pipelines', 'create_recipe', { id: 'wire-high', name: 'High', priority: 9, stages: [{ type: 'normalize_headings' }, { type: 'set_excerpt' }], trigger: { on: ['ingest'], sources: [slug] } })
  await ok('pipelines', 'create_recipe', { id: 'pages', name: 'Pages', priority: 99, stages: [{ type: 'always_fails' }], trigger: { on: ['ingest'], post_types: ['page'] } })
}

const runsOf = (postId: number | string) => plane.server.db.svcPipelineRun.findMany({ where: { postId: String(postId) }, orderBy: { id: 'asc' } })

describe('the ingest trigger', () => {
  let wire: { id: string, slug: string }

  beforeAll(async () => {
    wire = await activeSource('Wire')
  })

  test('with no recipe triggered by ingest, an ingested post runs nothing', async () => {
    const { post_id } = await ingest(wire.slug, article('a1'))
    expect(await runsOf(post_id)).toEqual([])
  })

  test('the highest-priority matching recipe runs once the post is written, recorded as an ingest run', async () => {
    await ingestRecipes(wire.slug)
    const delivered = await ingest(wire.slug, article('a2'))
    expect(delivered.status).toBe('created')
    const post = await readPost(plane.server.db, delivered.post_id)
    expect(post).toMatchObject({ content: '<h2>Big</h2><p>Delivered text.</p>', excerpt: 'Delivered text.' })
    const runs = await runsOf(delivered.post_id)
    expect(runs.map(run => [run.recipeId, run.triggerKind, run.status, run.source, run.changed])).toEqual([['wire-high', 'ingest', 'success', wire.slug, true]])
  })

  test('a re-ingested (updated) post runs again', async () => {
    await ingestRecipes(wire.slug)
    await ok('content_sources', 'update', { id: wire.id, reingest_mode: 'update' })
    const first = await ingest(wire.slug, article('a3'))
    const again = await ingest(wire.slug, article('a3', '<h1>Big</h1><p>Corrected text.</p>'))
    expect([again.status, again.post_id]).toEqual(['updated', first.post_id])
    expect((await runsOf(first.post_id)).map(run => run.triggerKind)).toEqual(['ingest', 'ingest'])
    expect((await readPost(plane.server.db, first.post_id)).content).toBe('<h2>Big</h2><p>Corrected text.</p>')
  })

  test('a failing pipeline never loses the ingested post', async () => {
    await ingestRecipes(wire.slug)
    await ok('pipelines', 'update_recipe', { id: 'wire-high', stages: [{ type: 'normalize_headings' }, { type: 'always_fails' }] })
    const delivered = await ingest(wire.slug, article('a4'))
    expect(delivered.status).toBe('created')
    expect((await readPost(plane.server.db, delivered.post_id)).content).toBe('<h1>Big</h1><p>Delivered text.</p>')
    const [run] = await runsOf(delivered.post_id)
    expect(run).toMatchObject({ status: 'failed', triggerKind: 'ingest', message: 'stage 2 (always_fails) failed: this stage always fails; nothing was written' })
  })

  test('nothing runs while the pipelines module is disabled', async () => {
    await ingestRecipes(wire.slug)
    await ok('modules', 'disable', { module: 'pipelines' })
    try {
      const delivered = await ingest(wire.slug, article('a5'))
      expect(delivered.status).toBe('created')
      expect(await runsOf(delivered.post_id)).toEqual([])
    } finally {
      await ok('modules', 'enable', { module: 'pipelines' })
    }
  })

  test('approving a mapping ingests the held deliveries through the trigger too', async () => {
    await ingestRecipes(wire.slug)
    const held = await activeSource('Held', {})
    const sample = await plane.server.db.svcContentDelivery.findFirstOrThrow({ where: { sourceId: held.id } })
    expect(sample.postId).not.toBeNull()
    expect((await runsOf(sample.postId!)).map(run => [run.recipeId, run.triggerKind])).toEqual([['wire-low', 'ingest']])
  })
})

describe('the publish trigger', () => {
  beforeEach(async () => {
    await ok('pipelines', 'create_recipe', { id: 'on-publish', name: 'On publish', priority: 5, stages: [{ type: 'add_heading_anchors', options: { levels: [1, 2] } }], trigger: { on: ['publish'] } })
  })

  test('a source that publishes on ingest runs the ingest recipe, then the publish recipe', async () => {
    await lowIngestRecipe()
    const live = await activeSource('Live', { target_post_type: 'post' })
    await ok('content_sources', 'update', { id: live.id, default_post_status: 'publish' })
    const delivered = await ingest(live.slug, article('p1'))
    const runs = await runsOf(delivered.post_id)
    expect(runs.map(run => [run.recipeId, run.triggerKind, run.status])).toEqual([['wire-low', 'ingest', 'success'], ['on-publish', 'publish', 'success']])
    expect(await readPost(plane.server.db, delivered.post_id)).toMatchObject({ status: 'publish', content: '<h1 id="big">Big</h1><p>Delivered text.</p>', excerpt: 'Delivered text.' })
  })

  test('a recipe selected by both triggers runs once', async () => {
    await ok('pipelines', 'update_recipe', { id: 'on-publish', trigger: { on: ['ingest', 'publish'] } })
    const live = await activeSource('Live twice')
    await ok('content_sources', 'update', { id: live.id, default_post_status: 'publish' })
    const delivered = await ingest(live.slug, article('p2'))
    expect((await runsOf(delivered.post_id)).map(run => [run.recipeId, run.triggerKind])).toEqual([['on-publish', 'ingest']])
    await ok('pipelines', 'update_recipe', { id: 'on-publish', trigger: { on: ['publish'] } })
  })

  test('publishing a post through a Keystone context runs the publish recipe once, and only on the change to publish', async () => {
    const posts = keystonePosts()
    const post = await createPost(plane.server.db, { content: '<h2>Draft heading</h2>' })
    await posts.updateOne({ where: { id: String(post.id) }, data: { title: 'Still a draft' } })
    expect(await runsOf(post.id)).toEqual([])
    await posts.updateOne({ where: { id: String(post.id) }, data: { status: 'publish' } })
    expect((await runsOf(post.id)).map(run => [run.recipeId, run.triggerKind, run.status])).toEqual([['on-publish', 'publish', 'success']])
    expect((await readPost(plane.server.db, post.id)).content).toBe('<h2 id="draft-heading">Draft heading</h2>')
    await posts.updateOne({ where: { id: String(post.id) }, data: { title: 'Published, edited' } })
    expect(await runsOf(post.id)).toHaveLength(1)
  })

  test('a post created published through Keystone runs it too', async () => {
    const postType = await plane.server.db.postType.findUniqueOrThrow({ where: { slug: 'post' } })
    const created = await keystonePosts().createOne({
      data: { title: 'Straight out', content: '<h2>Now</h2>', status: 'publish', postType: { connect: { id: String(postType.id) } } },
    })
    const postId = Number(created.id)
    expect((await runsOf(postId)).map(run => run.triggerKind)).toEqual(['publish'])
    expect((await readPost(plane.server.db, postId)).content).toBe('<h2 id="now">Now</h2>')
  })

  test('an editor publishing in the Admin UI (a GraphQL mutation in a session) runs it', async () => {
    const editor = await plane.account('editor')
    const cookie = await sessionCookie(plane.server.app, editor.email, editor.password)
    const post = await createPost(plane.server.db, { content: '<h2>From the editor</h2>' })
    const res = await graphql(plane.server.app, 'mutation ($id: ID!) { updatePost(where: { id: $id }, data: { status: "publish" }) { id status } }', { id: String(post.id) }, cookie)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.updatePost).toEqual({ id: String(post.id), status: 'publish' })
    expect((await runsOf(post.id)).map(run => [run.recipeId, run.triggerKind])).toEqual([['on-publish', 'publish']])
    expect((await readPost(plane.server.db, post.id)).content).toBe('<h2 id="from-the-editor">From the editor</h2>')
  })

  test('the pipeline recipes are no side door: GraphQL neither reads nor writes them, even for an administrator', async () => {
    const adminCookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
    const before = await plane.server.db.svcPipelineRecipe.count()
    expect(before).toBeGreaterThan(0)
    for (const query of ['{ svcPipelineRecipes { slug } }', 'mutation { createSvcPipelineRecipe(data: { slug: "forged", name: "Forged" }) { id } }']) {
      const res = await graphql(plane.server.app, query, {}, adminCookie)
      expect(res.body.errors?.map((error: { extensions?: { code?: string } }) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED'])
    }
    expect(await plane.server.db.svcPipelineRecipe.count()).toBe(before)
  })

  test('a manual run never picks a recipe that only publish triggers', async () => {
    const post = await createPost(plane.server.db)
    const res = await pipelines('run', { post_id: post.id, dry_run: true })
    expect(res.body.data.recipe).not.toBe('on-publish')
  })
})
