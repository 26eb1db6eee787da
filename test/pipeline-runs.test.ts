import { beforeEach, describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { useTestServer } from './support/in-process-server.ts'
import { createPost, provenanceOf, readPost } from './support/posts.ts'
import { defineStage } from '../packages/control-plane/src/index.ts'
import { sha256Hex } from '../packages/control-plane/src/platform/lib/sha256.ts'
import { pipelines as pipelinesResource } from '../packages/control-plane/src/resources/pipelines/index.ts'

let clock = new Date('2026-04-01T09:00:00Z')

/** Lets `parties` runs through together once they have all arrived; later arrivals pass at once. */
function barrier (parties: number) {
  let arrived = 0
  let release = () => {}
  const open = new Promise<void>(resolve => { release = resolve })
  return async () => { if (++arrived >= parties) release(); await open }
}
let gate: (() => Promise<void>) | null = null

const testStages = [
  defineStage({
    type: 'explode',
    summary: 'test: fails',
    options: z.object({}),
    run () { throw new Error('exploded on purpose') },
  }),
  defineStage({
    type: 'advance_clock',
    summary: 'test: takes `ms` of the injected clock',
    options: z.object({ ms: z.number().int() }),
    run (doc, { ms }) {
      clock = new Date(clock.getTime() + ms)
      doc.title = `${doc.title} (slow)`
      return { changed: true }
    },
  }),
  defineStage({
    type: 'stamp',
    summary: 'test: appends a numbered stamp and counts stamps in meta',
    options: z.object({}),
    run (doc) {
      const n = doc.html('p.stamp').length + 1
      doc.html.root().append(`<p class="stamp">${n}</p>`)
      doc.meta.stamps = n
      return { changed: true, message: `stamp ${n}` }
    },
  }),
  defineStage({
    type: 'rendezvous',
    summary: 'test: waits until the concurrent runs all got here',
    options: z.object({}),
    async run () {
      await gate?.()
      return { changed: false }
    },
  }),
]

const plane = useTestServer({ outbox: false, clock: () => clock, builtins: [pipelinesResource({ stages: testStages })] })
const pipelines = plane.caller('pipelines')

async function ok (action: string, params: Record<string, unknown> = {}) {
  const res = await pipelines(action, params)
  expect([action, res.status, res.body.error]).toEqual([action, 200, null])
  return res.body
}

// Every test starts with the default recipe alone (runs stay: they outlive their recipes anyway).
beforeEach(async () => { await plane.server.db.svcPipelineRecipe.deleteMany({ where: { slug: { not: 'default' } } }) })

/** Normalizes headings, fills the excerpt, explodes, then stamps; `on_error` decides what is kept. */
const fragile = (onError: 'stop' | 'continue' = 'stop') => ok('create_recipe', {
  id: 'fragile',
  name: 'Fragile',
  stages: [{ type: 'normalize_headings' }, { type: 'set_excerpt' }, { type: 'explode' }, { type: 'stamp' }],
  trigger: { on: [] },
  policy: { on_error: onError },
})

const MESSY = '<h1>Intro</h1><script>alert(1)</script><div id="toc"><ul><li><a href="#details">Details</a></li></ul></div>' +
  '<p style="color:red">First paragraph of the article, long enough to be an excerpt.</p>' +
  '<h3>Details</h3><p><img src="https://cdn.example.com/a.png"></p><p><a href="/category/uncategorized/">Uncategorized</a> and more</p>'

describe('running the default recipe', () => {
  let postId: number

  beforeEach(async () => {
    postId = (await createPost(plane.server.db, { content: MESSY, categories: ['Uncategorized', 'Guides'], source: 'wire' })).id
  })

  /** The post's first run, which cleans it up. */
  const firstRun = async () => (await ok('run', { post_id: postId })).data.run_id as number

  test('runs every stage on one document and writes the post once, with the run row', async () => {
    const body = await ok('run', { post_id: postId })
    expect(body.changed).toBe(true)
    expect(body.data).toMatchObject({ status: 'success', post_id: postId, recipe: 'default', changed: true, run_id: expect.any(Number) })
    expect(body.data.stages.map((stage: { type: string, status: string }) => [stage.type, stage.status])).toEqual([
      ['content_cleanup', 'success'], ['strip_uncategorized', 'success'], ['strip_inbody_toc', 'success'], ['strip_inbody_faq', 'success'],
      ['normalize_headings', 'success'], ['add_heading_anchors', 'success'], ['image_modify', 'success'], ['apply_taxonomy', 'success'], ['set_excerpt', 'success'],
    ])
    expect(body.data.stages.find((stage: { type: string }) => stage.type === 'strip_inbody_faq').changed).toBe(false)

    const post = await readPost(plane.server.db, postId)
    expect(post.content).toContain('<h2 id="intro">Intro</h2>')
    expect(post.content).toContain('<h3 id="details">Details</h3>')
    expect(post.content).toContain('loading="lazy"')
    for (const gone of ['<script', 'id="toc"', 'style=', 'Uncategorized']) expect(post.content).not.toContain(gone)
    expect(post.excerpt).toBe('First paragraph of the article, long enough to be an excerpt.')
    expect(post.categories).toEqual(['guides'])
    expect((await provenanceOf(plane.server.db, postId))!.contentHash).toBe(sha256Hex(post.content))
  })

  test('the run row carries the contract fields; get_run adds the decoded stages', async () => {
    const firstRunId = await firstRun()
    const listed = await ok('list_runs', { post_id: postId })
    expect(listed.data.items).toEqual([{
      id: firstRunId,
      source: 'wire',
      post_id: postId,
      recipe_id: 'default',
      status: 'success',
      trigger_kind: 'manual',
      is_dry_run: false,
      changed: true,
      duration_ms: 0,
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      message: 'changed content, excerpt, categories',
      created_at: clock.toISOString(),
    }])
    const detail = await ok('get_run', { id: firstRunId })
    expect(detail.data).toEqual({ ...listed.data.items[0], stages: expect.any(Array) })
    expect(detail.data.stages[0]).toEqual({ type: 'content_cleanup', status: 'success', changed: true, duration_ms: 0, message: expect.stringContaining('cleanup edits') })
  })

  test('a second run over the unchanged post is skipped and writes nothing', async () => {
    const firstRunId = await firstRun()
    const before = await readPost(plane.server.db, postId)
    const body = await ok('run', { post_id: postId })
    expect(body.changed).toBe(false)
    expect(body.data).toMatchObject({ status: 'skipped', changed: false, stages: [], message: `unchanged since run ${firstRunId}` })
    expect((await readPost(plane.server.db, postId)).updatedAt).toEqual(before.updatedAt)
  })

  test('force runs anyway; the stages find nothing left to change, so the post is not written', async () => {
    await firstRun()
    const before = await readPost(plane.server.db, postId)
    const body = await ok('run', { post_id: postId, force: true })
    expect(body.data).toMatchObject({ status: 'success', changed: false, message: 'nothing to change' })
    expect(body.data.stages.every((stage: { changed: boolean }) => !stage.changed)).toBe(true)
    expect((await readPost(plane.server.db, postId)).updatedAt).toEqual(before.updatedAt)
  })

  test('an edited post runs again', async () => {
    await firstRun()
    await plane.server.db.post.update({ where: { id: postId }, data: { content: `${(await readPost(plane.server.db, postId)).content}<h1>Appendix</h1>` } })
    const body = await ok('run', { post_id: postId })
    expect(body.data).toMatchObject({ status: 'success', changed: true, message: 'changed content' })
    expect((await readPost(plane.server.db, postId)).content).toContain('<h2 id="appendix">Appendix</h2>')
  })

  test('a changed recipe runs again over an unchanged post', async () => {
    await firstRun()
    expect((await ok('run', { post_id: postId })).data.status).toBe('skipped')
    const recipe = (await ok('get_recipe', { id: 'default' })).data
    await ok('update_recipe', { id: 'default', policy: { ...recipe.policy, stage_timeout_ms: 4000 } })
    expect((await ok('run', { post_id: postId })).data.status).toBe('success')
    await ok('update_recipe', { id: 'default', policy: recipe.policy })
  })
})

describe('dry runs and failures', () => {
  test('dry_run reports what would change and writes nothing', async () => {
    const post = await createPost(plane.server.db, { content: '<h1>Dry</h1><p>Text.</p>' })
    const body = await ok('run', { post_id: post.id, dry_run: true })
    expect(body.changed).toBe(false)
    expect(body.data).toMatchObject({ status: 'dry_run', changed: true, message: 'would change content, excerpt' })
    expect(await readPost(plane.server.db, post.id)).toMatchObject({ content: '<h1>Dry</h1><p>Text.</p>', excerpt: '', updatedAt: post.updatedAt })
    expect(body.data.changes).toEqual([
      { field: 'content', before: '<h1>Dry</h1><p>Text.</p>', after: '<h2 id="dry">Dry</h2><p>Text.</p>' },
      { field: 'excerpt', before: '', after: 'Text.' },
    ])
    const row = (await ok('get_run', { id: body.data.run_id })).data
    expect(row).toMatchObject({ status: 'dry_run', is_dry_run: true, changed: true })
    // A dry run is not a success: the real run afterwards is not skipped.
    expect((await ok('run', { post_id: post.id })).data.status).toBe('success')
  })

  test('a stage that throws fails the run; the edits of the stages before it are not written', async () => {
    await fragile()
    const post = await createPost(plane.server.db, { content: '<h1>Keep me</h1><p>Text.</p>' })
    const body = await ok('run', { post_id: post.id, recipe_id: 'fragile' })
    expect(body.changed).toBe(false)
    expect(body.data).toMatchObject({ status: 'failed', changed: false, message: 'stage 3 (explode) failed: exploded on purpose; nothing was written' })
    expect(body.data.changes).toEqual([])
    expect(body.data.stages.map((stage: { status: string }) => stage.status)).toEqual(['success', 'success', 'failed', 'skipped'])
    expect(await readPost(plane.server.db, post.id)).toMatchObject({ content: '<h1>Keep me</h1><p>Text.</p>', excerpt: '', updatedAt: post.updatedAt })
    // A failed run is not a success either: the next run tries again.
    expect((await ok('run', { post_id: post.id, recipe_id: 'fragile' })).data.status).toBe('failed')
  })

  test('under on_error continue, the other stages\' edits are written and the failure reported', async () => {
    await fragile('continue')
    const post = await createPost(plane.server.db, { content: '<h1>Keep me</h1><p>Text.</p>' })
    const body = await ok('run', { post_id: post.id, recipe_id: 'fragile' })
    expect(body.data).toMatchObject({ status: 'success', changed: true, message: 'changed content, excerpt, meta; stage 3 (explode) failed: exploded on purpose' })
    expect(body.data.stages.map((stage: { status: string }) => stage.status)).toEqual(['success', 'success', 'failed', 'success'])
    expect(await readPost(plane.server.db, post.id)).toMatchObject({ content: '<h2>Keep me</h2><p>Text.</p><p class="stamp">1</p>', excerpt: 'Text.', meta: { stamps: 1 } })
  })

  test('a stage that takes longer than stage_timeout_ms fails the run', async () => {
    await ok('create_recipe', { id: 'slow', name: 'Slow', stages: [{ type: 'advance_clock', options: { ms: 2500 } }], policy: { stage_timeout_ms: 2000 }, trigger: { on: [] } })
    const post = await createPost(plane.server.db, { title: 'Quick' })
    const body = await ok('run', { post_id: post.id, recipe_id: 'slow' })
    expect(body.data).toMatchObject({ status: 'failed', message: 'stage 1 (advance_clock) failed: took longer than stage_timeout_ms (2000 ms); nothing was written' })
    expect(body.data.stages[0]).toMatchObject({ status: 'failed', duration_ms: 2500 })
    expect((await readPost(plane.server.db, post.id)).title).toBe('Quick')
    expect((await ok('get_run', { id: body.data.run_id })).data.duration_ms).toBe(2500)
  })

  test('a stage type that is no longer registered fails the run instead of throwing', async () => {
    await plane.server.db.svcPipelineRecipe.create({ data: { slug: 'orphan', name: 'Orphan', stages: [{ type: 'removed_plugin_stage', options: {} }], trigger: { on: [] }, policy: { skip_unchanged: true, on_error: 'stop', stage_timeout_ms: 100 } } })
    const post = await createPost(plane.server.db)
    const body = await ok('run', { post_id: post.id, recipe_id: 'orphan' })
    expect(body.data).toMatchObject({ status: 'failed', message: 'stage 1 (removed_plugin_stage) failed: unknown stage type "removed_plugin_stage"; nothing was written' })
  })
})

describe('choosing the recipe', () => {
  test('an unknown post or recipe is 404 and records nothing', async () => {
    const runs = await plane.server.db.svcPipelineRun.count()
    const post = await createPost(plane.server.db)
    for (const params of [{ post_id: 999_999 }, { post_id: post.id, recipe_id: 'nope' }]) {
      const res = await pipelines('run', params)
      expect([res.status, res.body.code]).toEqual([404, 'not_found'])
    }
    expect(await plane.server.db.svcPipelineRun.count()).toBe(runs)
    // Post ids may come as strings; on this host's integer ids only digits can name a post.
    for (const post_id of ['cl9ebqhxk00003b600tymydho', '1.5', '-3']) {
      const bad = await pipelines('run', { post_id })
      expect([bad.status, bad.body.code]).toEqual([400, 'invalid_params'])
    }
    const byString = await pipelines('run', { post_id: String(post.id), dry_run: true })
    expect([byString.status, byString.body.data.post_id]).toEqual([200, post.id])
  })

  test('without recipe_id the highest-priority recipe whose manual trigger matches the post runs', async () => {
    await ok('create_recipe', { id: 'pages-only', name: 'Pages', priority: 50, stages: [{ type: 'stamp' }], trigger: { on: ['manual'], post_types: ['page'] } })
    await ok('create_recipe', { id: 'wire-only', name: 'Wire', priority: 40, stages: [{ type: 'stamp' }], trigger: { on: ['manual'], sources: ['wire'] } })
    await ok('create_recipe', { id: 'ingest-only', name: 'Ingest', priority: 99, stages: [{ type: 'stamp' }], trigger: { on: ['ingest'] } })
    const page = await createPost(plane.server.db, { postType: 'page' })
    const wired = await createPost(plane.server.db, { source: 'wire' })
    const plain = await createPost(plane.server.db)
    expect((await ok('run', { post_id: page.id, dry_run: true })).data.recipe).toBe('pages-only')
    expect((await ok('run', { post_id: wired.id, dry_run: true })).data.recipe).toBe('wire-only')
    expect((await ok('run', { post_id: plain.id, dry_run: true })).data.recipe).toBe('default')
    // Named, a recipe runs whatever its trigger says.
    expect((await ok('run', { post_id: plain.id, recipe_id: 'ingest-only', dry_run: true })).data.recipe).toBe('ingest-only')
  })

  test('when no recipe matches, run asks for a recipe_id (404)', async () => {
    const recipe = (await ok('get_recipe', { id: 'default' })).data
    await ok('update_recipe', { id: 'default', trigger: { on: [] } })
    const post = await createPost(plane.server.db)
    const res = await pipelines('run', { post_id: post.id })
    expect([res.status, res.body.code]).toEqual([404, 'not_found'])
    expect(res.body.error).toContain('recipe_id')
    await ok('update_recipe', { id: 'default', trigger: recipe.trigger })
  })
})

describe('writing terms and meta', () => {
  test('apply_taxonomy creates the terms the post needs, in the run\'s transaction', async () => {
    await ok('create_recipe', { id: 'tagger', name: 'Tagger', stages: [{ type: 'apply_taxonomy', options: { tags: ['Fresh Tag', 'Existing'], categories: ['Brand New'] } }], trigger: { on: [] } })
    const post = await createPost(plane.server.db, { tags: ['Existing'] })
    const body = await ok('run', { post_id: post.id, recipe_id: 'tagger' })
    expect(body.data).toMatchObject({ status: 'success', message: 'changed tags, categories' })
    expect(await readPost(plane.server.db, post.id)).toMatchObject({ tags: ['existing', 'fresh-tag'], categories: ['brand-new'] })
    expect(await plane.server.db.tag.count({ where: { slug: 'existing' } })).toBe(1)
  })
})

describe('concurrent runs on one post', () => {
  test('do not interleave: the run that loses the race starts over on the winner\'s version', async () => {
    await ok('create_recipe', { id: 'race', name: 'Race', stages: [{ type: 'rendezvous' }, { type: 'stamp' }], trigger: { on: [] } })
    const post = await createPost(plane.server.db, { content: '<p>Start.</p>' })
    gate = barrier(2)
    const [a, b] = await Promise.all([1, 2].map(() => ok('run', { post_id: post.id, recipe_id: 'race', force: true })))
    gate = null
    expect([a.data.status, b.data.status]).toEqual(['success', 'success'])
    expect([a.data.stages[1].message, b.data.stages[1].message].sort()).toEqual(['stamp 1', 'stamp 2'])
    const after = await readPost(plane.server.db, post.id)
    expect(after.content).toBe('<p>Start.</p><p class="stamp">1</p><p class="stamp">2</p>')
    expect(after.meta).toEqual({ stamps: 2 })
  })
})

describe('run history', () => {
  test('list_runs pages newest first and filters by post, recipe and status', async () => {
    for (const content of ['<h1>One</h1>', '<h1>Two</h1>']) await ok('run', { post_id: (await createPost(plane.server.db, { content })).id })
    await fragile('continue')
    const post = await createPost(plane.server.db, { content: '<h1>Fragile</h1><p>Text.</p>' })
    await ok('run', { post_id: post.id, recipe_id: 'fragile' })
    await ok('update_recipe', { id: 'fragile', policy: { on_error: 'stop' } })
    await ok('run', { post_id: post.id, recipe_id: 'fragile' })
    const all = await ok('list_runs', { per_page: 100 })
    const ids = all.data.items.map((item: { id: number }) => item.id)
    expect(ids).toEqual([...ids].sort((x, y) => y - x))
    expect(all.data.total).toBe(await plane.server.db.svcPipelineRun.count())

    const firstPage = await ok('list_runs', { per_page: 2, page: 1 })
    const secondPage = await ok('list_runs', { per_page: 2, page: 2 })
    expect(firstPage.data).toMatchObject({ page: 1, per_page: 2, total: all.data.total })
    expect([...firstPage.data.items, ...secondPage.data.items].map((item: { id: number }) => item.id)).toEqual(ids.slice(0, 4))

    const failed = await ok('list_runs', { status: 'failed' })
    expect(failed.data.items.length).toBeGreaterThan(0)
    expect(failed.data.items.every((item: { status: string }) => item.status === 'failed')).toBe(true)
    const succeeded = await ok('list_runs', { post_id: post.id, recipe_id: 'fragile', status: 'success' })
    expect(succeeded.data.total).toBe(1)
  })

  test('bad filters are invalid_params; an unknown run is 404', async () => {
    for (const params of [{ status: 'done' }, { per_page: 0 }, { post_id: -1 }]) {
      const res = await pipelines('list_runs', params)
      expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    }
    const missing = await pipelines('get_run', { id: 999_999 })
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found'])
  })

  test('deleting a recipe keeps its run history', async () => {
    await fragile()
    await ok('run', { post_id: (await createPost(plane.server.db, { content: '<p>Kept</p>' })).id, recipe_id: 'fragile' })
    const before = await ok('list_runs', { recipe_id: 'fragile' })
    await ok('delete_recipe', { id: 'fragile', confirm: true })
    expect((await ok('list_runs', { recipe_id: 'fragile' })).data.total).toBe(before.data.total)
  })
})

describe('choosing a post by title', () => {
  test('list_posts finds posts whose title contains the search, ignoring case, newest first', async () => {
    const older = await createPost(plane.server.db, { title: 'Launch notes: spring' })
    const newer = await createPost(plane.server.db, { title: 'The LAUNCH of autumn', status: 'publish' })
    await createPost(plane.server.db, { title: 'Unrelated' })
    await plane.server.db.post.update({ where: { id: older.id }, data: { updatedAt: new Date('2026-01-01T00:00:00Z') } })
    await plane.server.db.post.update({ where: { id: newer.id }, data: { updatedAt: new Date('2026-02-01T00:00:00Z') } })
    const found = await ok('list_posts', { search: 'launch' })
    expect(found.data.posts).toEqual([
      { id: newer.id, title: 'The LAUNCH of autumn', status: 'publish', post_type: 'post', source: null, updated_at: '2026-02-01T00:00:00.000Z' },
      { id: older.id, title: 'Launch notes: spring', status: 'draft', post_type: 'post', source: null, updated_at: '2026-01-01T00:00:00.000Z' },
    ])
    expect((await ok('list_posts', { search: 'launch', limit: 1 })).data.posts.map((post: { id: number }) => post.id)).toEqual([newer.id])
  })

  test('list_posts refuses a limit out of range', async () => {
    const res = await pipelines('list_posts', { limit: 51 })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'invalid_params' })
  })
})
