// @svc-provider-independent: stage functions on values, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { parseHtml, serializeHtml } from '../packages/control-plane/src/platform/html/transforms/index.ts'
import { defineStage, type PipelineDocument } from '../packages/control-plane/src/index.ts'
import type { AnyStageDefinition } from '../packages/control-plane/src/platform/html/stage.ts'
import { applyTaxonomy } from '../packages/control-plane/src/resources/pipelines/stages/apply-taxonomy.ts'
import { normalizeHeadings } from '../packages/control-plane/src/resources/pipelines/stages/normalize-headings.ts'
import { setExcerpt, truncateAtWord } from '../packages/control-plane/src/resources/pipelines/stages/set-excerpt.ts'
import { builtinStages } from '../packages/control-plane/src/resources/pipelines/stages/builtin.ts'
import { StageRegistry } from '../packages/control-plane/src/resources/pipelines/stages/registry.ts'
import { runStages } from '../packages/control-plane/src/resources/pipelines/engine/run-stages.ts'
import { recipePolicyParam, type RecipeStage } from '../packages/control-plane/src/resources/pipelines/recipe-shape.ts'

function documentOf (html: string, fields: Partial<Omit<PipelineDocument, 'html' | 'post'>> = {}): PipelineDocument {
  return {
    html: parseHtml(html),
    title: 'Title',
    excerpt: '',
    tags: [],
    categories: [],
    meta: {},
    post: { id: 1, slug: 'title', status: 'draft', postType: 'post', source: null },
    ...fields,
  }
}

/** Runs one stage with its options parsed (defaults filled), as a run does. */
async function apply (stage: AnyStageDefinition, doc: PipelineDocument, options: unknown = {}) {
  const result = await stage.run(doc, stage.options.parse(options), { signal: new AbortController().signal })
  return { html: serializeHtml(doc.html), changed: result.changed }
}

describe('normalize_headings', () => {
  test('moves the outline so the highest heading is an h2 and closes skipped levels', async () => {
    const doc = documentOf('<h1 id="a">A</h1><h3>B</h3><h3>C</h3><h6>D</h6><h1>E</h1><h4>F</h4>')
    expect(await apply(normalizeHeadings, doc)).toEqual({
      html: '<h2 id="a">A</h2><h3>B</h3><h3>C</h3><h4>D</h4><h2>E</h2><h3>F</h3>',
      changed: true,
    })
  })

  test('without fix_skips only shifts every heading by the same amount', async () => {
    const doc = documentOf('<h3>A</h3><h5>B</h5>')
    expect(await apply(normalizeHeadings, doc, { top_level: 2, fix_skips: false })).toEqual({ html: '<h2>A</h2><h4>B</h4>', changed: true })
  })

  test('an outline that is already right is left alone', async () => {
    const html = '<h2>A</h2><h3>B</h3><h2>C</h2>'
    expect(await apply(normalizeHeadings, documentOf(html))).toEqual({ html, changed: false })
  })
})

describe('set_excerpt', () => {
  test('fills an empty excerpt from the first paragraph with text, cut at a word boundary', async () => {
    const doc = documentOf('<p> </p><p>The quick brown fox jumps over the lazy dog, then keeps on running far away.</p><p>Second.</p>')
    const result = await apply(setExcerpt, doc, { max_length: 40 })
    expect(result.changed).toBe(true)
    expect(doc.excerpt).toBe('The quick brown fox jumps over the lazy…')
    expect(doc.excerpt.length).toBeLessThanOrEqual(40)
  })

  test('keeps an existing excerpt unless overwrite is set', async () => {
    const doc = documentOf('<p>Fresh text.</p>', { excerpt: 'Hand written.' })
    expect((await apply(setExcerpt, doc)).changed).toBe(false)
    expect(doc.excerpt).toBe('Hand written.')
    expect((await apply(setExcerpt, doc, { overwrite: true })).changed).toBe(true)
    expect(doc.excerpt).toBe('Fresh text.')
  })

  test('a short text is kept whole; a text without spaces is cut hard', () => {
    expect(truncateAtWord('Short.', 160)).toBe('Short.')
    expect(truncateAtWord('x'.repeat(50), 20)).toBe(`${'x'.repeat(19)}…`)
  })
})

describe('apply_taxonomy', () => {
  test('adds terms that are missing (by slug) and removes the named ones', async () => {
    const doc = documentOf('', { tags: ['News', 'Old'], categories: ['Uncategorized', 'Guides'] })
    const result = await apply(applyTaxonomy, doc, { tags: ['news', 'Launch'], remove_tags: ['old'], remove_categories: ['Uncategorized'] })
    expect(result.changed).toBe(true)
    expect(doc.tags).toEqual(['News', 'Launch'])
    expect(doc.categories).toEqual(['Guides'])
  })

  test('replace keeps only the given terms of a kind, and leaves a kind with none given alone', async () => {
    const doc = documentOf('', { tags: ['A', 'B'], categories: ['C'] })
    await apply(applyTaxonomy, doc, { tags: ['Z'], mode: 'replace' })
    expect([doc.tags, doc.categories]).toEqual([['Z'], ['C']])
  })

  test('no change is reported when the terms are already as asked', async () => {
    const doc = documentOf('', { tags: ['News'] })
    expect((await apply(applyTaxonomy, doc, { tags: ['NEWS'] })).changed).toBe(false)
  })

  test('term names without a letter or digit are refused by the options schema', () => {
    expect(applyTaxonomy.options.safeParse({ tags: ['!!!'] }).success).toBe(false)
  })
})

describe('the stage registry', () => {
  test('holds every built-in, the six content transforms among them', () => {
    expect(new StageRegistry(builtinStages, []).types()).toEqual([
      'add_heading_anchors', 'apply_taxonomy', 'content_cleanup', 'image_modify', 'normalize_headings',
      'set_excerpt', 'strip_inbody_faq', 'strip_inbody_toc', 'strip_uncategorized',
    ])
  })

  test('refuses a type registered twice and a type name that is not snake case', () => {
    const twin = defineStage({ type: 'set_excerpt', summary: 'again', options: z.object({}), run: () => ({ changed: false }) })
    expect(() => new StageRegistry(builtinStages, [twin])).toThrow('set_excerpt is registered twice')
    expect(() => defineStage({ type: 'Bad-Name', summary: 'x', options: z.object({}), run: () => ({ changed: false }) })).toThrow('must match')
  })
})

describe('running stages', () => {
  let clock = 0
  const tick = (ms: number) => { clock += ms }
  const appendParagraph = defineStage({
    type: 'append_paragraph',
    summary: 'test: appends a paragraph',
    options: z.object({ text: z.string().default('added') }).strict(),
    run (doc, { text }) {
      doc.html.root().append(`<p>${text}</p>`)
      return { changed: true }
    },
  })
  const editThenThrow = defineStage({
    type: 'edit_then_throw',
    summary: 'test: edits, then fails',
    options: z.object({}),
    run (doc) {
      doc.html('p').remove()
      doc.excerpt = 'half done'
      throw new Error('boom')
    },
  })
  const slowSync = defineStage({
    type: 'slow_sync',
    summary: 'test: takes 50 ms of (injected) clock time',
    options: z.object({}),
    run (doc) {
      doc.title = 'slow edit'
      tick(50)
      return { changed: true }
    },
  })
  const registry = new StageRegistry(builtinStages, [appendParagraph, editThenThrow, slowSync])
  const policy = (fields: Record<string, unknown> = {}) => recipePolicyParam.parse(fields)
  const run = (doc: PipelineDocument, stages: RecipeStage[], fields: Record<string, unknown> = {}) =>
    runStages(doc, stages, policy(fields), registry, () => clock)
  const stage = (type: string, options: Record<string, unknown> = {}): RecipeStage => ({ type, options })

  test('stages share one parsed document, in order, each with its own report', async () => {
    const doc = documentOf('<h1>T</h1>')
    const outcome = await run(doc, [stage('append_paragraph', { text: 'one' }), stage('normalize_headings'), stage('set_excerpt')])
    expect(outcome.stopped).toBe(false)
    expect(outcome.touched).toBe(true)
    expect(serializeHtml(outcome.doc.html)).toBe('<h2>T</h2><p>one</p>')
    expect(outcome.doc.excerpt).toBe('one')
    expect(outcome.reports.map(report => [report.type, report.status, report.changed])).toEqual([
      ['append_paragraph', 'success', true], ['normalize_headings', 'success', true], ['set_excerpt', 'success', true],
    ])
  })

  test('under stop, a failing stage stops the run and the rest are reported as not run', async () => {
    const outcome = await run(documentOf('<p>x</p>'), [stage('append_paragraph'), stage('edit_then_throw'), stage('set_excerpt')])
    expect(outcome.stopped).toBe(true)
    expect(outcome.reports.map(report => [report.type, report.status, report.message])).toEqual([
      ['append_paragraph', 'success', null],
      ['edit_then_throw', 'failed', 'boom'],
      ['set_excerpt', 'skipped', 'not run: an earlier stage failed'],
    ])
  })

  test('under continue, the failed stage\'s own edits are undone and the next stage runs', async () => {
    const outcome = await run(documentOf('<p>x</p>'), [stage('append_paragraph'), stage('edit_then_throw'), stage('set_excerpt')], { on_error: 'continue' })
    expect(outcome.stopped).toBe(false)
    expect(serializeHtml(outcome.doc.html)).toBe('<p>x</p><p>added</p>')
    expect(outcome.doc.excerpt).toBe('x')
    expect(outcome.reports.map(report => report.status)).toEqual(['success', 'failed', 'success'])
  })

  test('a synchronous stage that takes longer than stage_timeout_ms fails, and its edits go with it', async () => {
    const timedOut = await run(documentOf('<p>x</p>'), [stage('slow_sync'), stage('set_excerpt')], { stage_timeout_ms: 20, on_error: 'continue' })
    expect(timedOut.reports[0]).toEqual({ type: 'slow_sync', status: 'failed', changed: false, duration_ms: 50, message: 'took longer than stage_timeout_ms (20 ms)' })
    expect(timedOut.doc.title).toBe('Title')
    const inTime = await run(documentOf('<p>x</p>'), [stage('slow_sync')], { stage_timeout_ms: 50 })
    expect(inTime.reports[0]).toMatchObject({ status: 'success', duration_ms: 50 })
  })

  test('an async stage is abandoned at the limit, its signal aborted, and a late edit does not reach the run\'s document', async () => {
    let signal: AbortSignal | undefined
    let finishLate: () => void = () => {}
    const hanging = defineStage({
      type: 'hanging',
      summary: 'test: settles only when told to',
      options: z.object({}),
      run: (doc, _options, context) => new Promise(resolve => {
        signal = context.signal
        finishLate = () => { doc.title = 'late edit'; resolve({ changed: true }) }
      }),
    })
    const withHanging = new StageRegistry(builtinStages, [hanging])
    const outcome = await runStages(documentOf('<p>x</p>'), [stage('hanging'), stage('set_excerpt')], policy({ stage_timeout_ms: 30, on_error: 'continue' }), withHanging, () => clock)
    expect(signal?.aborted).toBe(true)
    expect(outcome.reports.map(report => [report.status, report.message])).toEqual([
      ['failed', 'took longer than stage_timeout_ms (30 ms)'], ['success', 'excerpt set (1 characters)'],
    ])
    finishLate()
    expect(outcome.doc.title).toBe('Title')
  })

  test('an unknown stage type or options its schema refuses fail that stage', async () => {
    const outcome = await run(documentOf(''), [stage('gone_away'), stage('set_excerpt', { max_length: 'long' })], { on_error: 'continue' })
    expect(outcome.reports.map(report => report.message)).toEqual([
      'unknown stage type "gone_away"',
      expect.stringContaining('invalid options'),
    ])
  })
})
