import { beforeEach, describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { defineResource, defineStage } from '../packages/control-plane/src/index.ts'
import { createPost, readPost } from './support/posts.ts'
import { ensureDefaultRecipe } from '../packages/control-plane/src/resources/pipelines/default-recipe.ts'
import { pipelines as pipelinesResource } from '../packages/control-plane/src/resources/pipelines/index.ts'

/** A host stage type, registered through the plugin options. */
const addNotice = defineStage({
  type: 'add_notice',
  summary: 'Append a notice paragraph.',
  options: z.object({ text: z.string().min(1).max(200) }).strict(),
  run (doc, { text }) {
    doc.html.root().append(`<p class="notice">${text}</p>`)
    return { changed: true }
  },
})

/** An extension brings stage types the same way, beside its lists and operations. */
const readingTime = defineResource({
  name: 'reading',
  stages: [defineStage({
    type: 'reading_time',
    summary: 'Store the minutes it takes to read the post in meta.reading_minutes.',
    options: z.object({ words_per_minute: z.number().int().min(1).max(1000).default(200) }).strict(),
    run (doc, { words_per_minute }) {
      const words = doc.html.root().text().split(/\s+/).filter(Boolean).length
      const minutes = Math.max(1, Math.round(words / words_per_minute))
      if (doc.meta.reading_minutes === minutes) return { changed: false }
      doc.meta.reading_minutes = minutes
      return { changed: true, message: `${minutes} min` }
    },
  })],
})

const plane = useTestServer({ outbox: false, builtins: [pipelinesResource({ stages: [addNotice] })], extensions: [readingTime] })
const pipelines = plane.caller('pipelines')

/** Every test starts with the seeded default recipe alone, and no runs. */
beforeEach(async () => {
  await plane.server.db.svcPipelineRun.deleteMany()
  await plane.server.db.svcPipelineRecipe.deleteMany()
  await ensureDefaultRecipe(plane.server.db)
})

const cleanImports = () => pipelines('create_recipe', { name: 'Clean Imports', priority: 5, stages: [{ type: 'content_cleanup' }] })
const newsV2 = () => pipelines('create_recipe', { id: 'news_v2', name: 'News', trigger: { on: ['ingest'], sources: ['wire'] } })

const DEFAULT_POLICY = { skip_unchanged: true, on_error: 'stop', stage_timeout_ms: 5000 }

describe('pipeline recipes', () => {
  test('the default recipe is seeded with every built-in stage, triggered manually', async () => {
    const res = await pipelines('list_recipes')
    expect(res.status).toBe(200)
    const recipes = res.body.data.recipes
    expect(recipes.map((recipe: { id: string }) => recipe.id)).toEqual(['default'])
    expect(recipes[0]).toMatchObject({ id: 'default', name: 'Default', priority: 0, trigger: { on: ['manual'] }, policy: DEFAULT_POLICY })
    expect(recipes[0].stages.map((stage: { type: string }) => stage.type).sort()).toEqual([
      'add_heading_anchors', 'apply_taxonomy', 'content_cleanup', 'image_modify', 'normalize_headings',
      'set_excerpt', 'strip_inbody_faq', 'strip_inbody_toc', 'strip_uncategorized',
    ])
  })

  test('seeding again, from several processes at once, keeps one default recipe', async () => {
    await Promise.all([ensureDefaultRecipe(plane.server.db), ensureDefaultRecipe(plane.server.db), ensureDefaultRecipe(plane.server.db)])
    expect(await plane.server.db.svcPipelineRecipe.count({ where: { slug: 'default' } })).toBe(1)
  })

  test('create generates the id from the name, suffixed when taken, and fills trigger and policy defaults', async () => {
    const first = await pipelines('create_recipe', { name: 'Clean Imports', priority: 5, stages: [{ type: 'content_cleanup' }] })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ ok: true, changed: true })
    expect(first.body.data).toMatchObject({
      id: 'clean-imports',
      name: 'Clean Imports',
      priority: 5,
      stages: [{ type: 'content_cleanup', options: {} }],
      trigger: { on: ['manual'] },
      policy: DEFAULT_POLICY,
    })
    expect(first.body.data.created_at).toEqual(expect.any(String))
    const second = await pipelines('create_recipe', { name: 'Clean imports' })
    expect(second.body.data).toMatchObject({ id: 'clean-imports-2', priority: 0, stages: [] })
  })

  test('a given id is used as is; a taken one is a 409 conflict', async () => {
    const created = await pipelines('create_recipe', { id: 'news_v2', name: 'News', trigger: { on: ['ingest'], sources: ['wire'] } })
    expect(created.body.data).toMatchObject({ id: 'news_v2', trigger: { on: ['ingest'], sources: ['wire'] } })
    for (const id of ['news_v2', 'default']) {
      const taken = await pipelines('create_recipe', { id, name: 'Again' })
      expect([taken.status, taken.body.code]).toEqual([409, 'conflict'])
    }
    const bad = await pipelines('create_recipe', { id: 'Not An Id', name: 'x' })
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_params'])
  })

  test('an unknown stage type is refused with invalid_params naming the stage, and nothing is stored', async () => {
    const before = await plane.server.db.svcPipelineRecipe.count()
    const res = await pipelines('create_recipe', { name: 'Broken', stages: [{ type: 'content_cleanup' }, { type: 'translate_to_klingon' }] })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect(res.body.error).toContain('stages.1 (translate_to_klingon): unknown stage type')
    expect(res.body.details).toMatchObject({ stage: 1, type: 'translate_to_klingon' })
    expect(await plane.server.db.svcPipelineRecipe.count()).toBe(before)
  })

  test('bad stage options are refused naming the stage and the option', async () => {
    const res = await pipelines('create_recipe', { name: 'Broken', stages: [{ type: 'set_excerpt', options: { max_length: 5 } }] })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect(res.body.error).toContain('stages.0 (set_excerpt): invalid options')
    expect(res.body.details.issues[0].path).toBe('stages.0.options.max_length')
    const unknownOption = await pipelines('create_recipe', { name: 'Broken', stages: [{ type: 'content_cleanup', options: { aggressive: true } }] })
    expect(unknownOption.body.error).toContain('stages.0 (content_cleanup): invalid options')
  })

  test('a bad trigger or policy is refused', async () => {
    for (const params of [
      { name: 'x', trigger: { on: ['nightly'] } },
      { name: 'x', trigger: { on: ['manual', 'manual'] } },
      { name: 'x', trigger: { on: ['ingest'], post_types: [] } },
      { name: 'x', policy: { on_error: 'ignore' } },
      { name: 'x', policy: { stage_timeout_ms: 0 } },
      { name: 'x', policy: { retries: 3 } },
    ]) {
      const res = await pipelines('create_recipe', params)
      expect([JSON.stringify(params), res.status, res.body.code]).toEqual([JSON.stringify(params), 400, 'invalid_params'])
    }
  })

  test('get reads one recipe; an unknown id is 404', async () => {
    await cleanImports()
    const res = await pipelines('get_recipe', { id: 'clean-imports' })
    expect(res.body.data).toMatchObject({ id: 'clean-imports', name: 'Clean Imports' })
    const missing = await pipelines('get_recipe', { id: 'nope' })
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found'])
    const viaGet = await getWithKey(plane.server.app, plane.admin.key, '/manage/pipelines/get_recipe?id=default')
    expect(viaGet.body.data.id).toBe('default')
  })

  test('update is a merge-patch: omitted keys are kept, a supplied policy is replaced whole', async () => {
    await cleanImports()
    await pipelines('update_recipe', { id: 'clean-imports', policy: { skip_unchanged: false, on_error: 'stop', stage_timeout_ms: 900 } })
    const renamed = await pipelines('update_recipe', { id: 'clean-imports', name: 'Clean imported posts' })
    expect(renamed.body.data).toMatchObject({
      name: 'Clean imported posts',
      priority: 5,
      stages: [{ type: 'content_cleanup', options: {} }],
      policy: { skip_unchanged: false, on_error: 'stop', stage_timeout_ms: 900 },
    })
    const patched = await pipelines('update_recipe', { id: 'clean-imports', policy: { on_error: 'continue' } })
    expect(patched.body.changed).toBe(true)
    expect(patched.body.data.policy).toEqual({ skip_unchanged: true, on_error: 'continue', stage_timeout_ms: 5000 })
    expect(patched.body.data.name).toBe('Clean imported posts')
  })

  test('a supplied trigger is replaced whole too; the same values again change nothing', async () => {
    await newsV2()
    await pipelines('update_recipe', { id: 'news_v2', trigger: { on: ['ingest', 'publish'], post_types: ['post'] } })
    const res = await pipelines('get_recipe', { id: 'news_v2' })
    expect(res.body.data.trigger).toEqual({ on: ['ingest', 'publish'], post_types: ['post'] })
    const again = await pipelines('update_recipe', { id: 'news_v2', trigger: { on: ['ingest', 'publish'], post_types: ['post'] } })
    expect(again.body.changed).toBe(false)
  })

  test('update checks stages like create, and cannot change the id', async () => {
    await newsV2()
    const res = await pipelines('update_recipe', { id: 'news_v2', stages: [{ type: 'image_modify', options: { add_class: '<script>' } }] })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect(res.body.error).toContain('stages.0 (image_modify)')
    const rename = await pipelines('update_recipe', { id: 'news_v2', new_id: 'other' })
    expect(res.status).toBe(400)
    expect(rename.body.code).toBe('invalid_params')
    const missing = await pipelines('update_recipe', { id: 'nope', name: 'x' })
    expect(missing.status).toBe(404)
  })

  test('the default recipe can be changed but not deleted (409)', async () => {
    const updated = await pipelines('update_recipe', { id: 'default', priority: 1 })
    expect(updated.body.data.priority).toBe(1)
    const refused = await pipelines('delete_recipe', { id: 'default' }, true)
    expect([refused.status, refused.body.code]).toEqual([409, 'conflict'])
    expect(await plane.server.db.svcPipelineRecipe.count({ where: { slug: 'default' } })).toBe(1)
    await pipelines('update_recipe', { id: 'default', priority: 0 })
  })

  test('delete needs confirm; an unknown id is 404', async () => {
    await cleanImports()
    await cleanImports()
    const unconfirmed = await pipelines('delete_recipe', { id: 'clean-imports-2' })
    expect([unconfirmed.status, unconfirmed.body.code]).toEqual([400, 'confirm_required'])
    const deleted = await pipelines('delete_recipe', { id: 'clean-imports-2', confirm: true })
    expect(deleted.body).toMatchObject({ ok: true, changed: true, data: { id: 'clean-imports-2', deleted: true } })
    const again = await pipelines('delete_recipe', { id: 'clean-imports-2' }, true)
    expect(again.status).toBe(404)
  })

  test('list is ordered by priority, highest first', async () => {
    await newsV2()
    await cleanImports()
    const ids = (await pipelines('list_recipes')).body.data.recipes.map((recipe: { id: string }) => recipe.id)
    expect(ids).toEqual(['clean-imports', 'default', 'news_v2'])
  })
})

describe('stage types', () => {
  test('list_stages describes the built-ins and the host\'s stage types with their option schemas', async () => {
    const res = await pipelines('list_stages')
    expect(res.status).toBe(200)
    const stages = res.body.data.stages
    expect(stages.map((stage: { type: string }) => stage.type)).toContain('add_notice')
    expect(stages.find((stage: { type: string }) => stage.type === 'add_notice')).toMatchObject({
      builtin: false,
      summary: 'Append a notice paragraph.',
      options: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    })
    expect(stages.find((stage: { type: string }) => stage.type === 'set_excerpt')).toMatchObject({
      builtin: true,
      options: { properties: { max_length: { type: 'integer', default: 160 } } },
    })
  })

  test('a recipe may use a host stage type; its options are checked by its own schema', async () => {
    const bad = await pipelines('create_recipe', { name: 'Notice', stages: [{ type: 'add_notice', options: {} }] })
    expect(bad.body.error).toContain('stages.0 (add_notice): invalid options')
    const good = await pipelines('create_recipe', { name: 'Notice', stages: [{ type: 'add_notice', options: { text: 'Sponsored' } }] })
    expect(good.body.data.stages).toEqual([{ type: 'add_notice', options: { text: 'Sponsored' } }])
  })

  test('host and extension stage types run like the built-ins', async () => {
    await pipelines('create_recipe', { id: 'extras', name: 'Extras', stages: [{ type: 'add_notice', options: { text: 'Sponsored' } }, { type: 'reading_time', options: { words_per_minute: 2 } }], trigger: { on: [] } })
    const post = await createPost(plane.server.db, { content: '<p>one two three four five six seven eight</p>' })
    const res = await pipelines('run', { post_id: post.id, recipe_id: 'extras' })
    expect(res.body.data).toMatchObject({ status: 'success', changed: true })
    expect(res.body.data.stages.map((stage: { type: string, message: string | null }) => [stage.type, stage.message])).toEqual([['add_notice', null], ['reading_time', '4 min']])
    expect(await readPost(plane.server.db, post.id)).toMatchObject({
      content: '<p>one two three four five six seven eight</p><p class="notice">Sponsored</p>',
      meta: { reading_minutes: 4 },
    })
  })

  test('the manifest lists the twelve pipelines operations, delete_recipe destructive', async () => {
    const operations = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data.operations
      .filter((op: { resource: string }) => op.resource === 'pipelines')
    expect(operations.map((op: { action: string }) => op.action)).toEqual([
      'create_recipe', 'daily_run_counts', 'delete_recipe', 'get_recipe', 'get_run', 'list_posts', 'list_recipes', 'list_runs', 'list_stages', 'run', 'run_batch', 'update_recipe',
    ])
    expect(operations.filter((op: { destructive: boolean }) => op.destructive).map((op: { action: string }) => op.action)).toEqual(['delete_recipe'])
  })

  test('status counts recipes and runs', async () => {
    const post = await createPost(plane.server.db, { content: '<p>counted</p>' })
    await pipelines('run', { post_id: post.id })
    const counts = (await plane.caller('status')('get')).body.data.counts
    expect(counts).toMatchObject({ recipes: await plane.server.db.svcPipelineRecipe.count(), runs: 1 })
  })
})
