/**
 * `npm run bench:pipelines`: the default recipe (every built-in stage) over a 100 KB HTML post,
 * against one parse + serialize of the same document with the same parser, in one process.
 * A run here is what `pipelines.run` does between reading the post and writing it: the state and
 * content hash before, one parse, the nine stages, one serialize, the comparison and the hash after.
 * The target is a median run of at most 3× the parse + serialize.
 *
 *   BENCH_ITERATIONS   measured iterations of each (default 60), after 10 warm-up ones
 *
 * The process fails only on real errors (a stage failing, the document not changing), never on
 * the target.
 */
import { parseHtml, serializeHtml } from '../packages/control-plane/src/platform/html/transforms/index.ts'
import { DEFAULT_RECIPE } from '../packages/control-plane/src/resources/pipelines/default-recipe.ts'
import { builtinStages } from '../packages/control-plane/src/resources/pipelines/stages/builtin.ts'
import { StageRegistry } from '../packages/control-plane/src/resources/pipelines/stages/registry.ts'
import { runStages } from '../packages/control-plane/src/resources/pipelines/engine/run-stages.ts'
import { changedFields, documentFor, stateAfter, stateOf, type PostRow } from '../packages/control-plane/src/resources/pipelines/engine/post-document.ts'
import { contentHash } from '../packages/control-plane/src/resources/pipelines/engine/content-hash.ts'
import { positiveInteger } from './lib/env.ts'

const TARGET_RATIO = 3
const DOCUMENT_BYTES = 100 * 1024
const WARMUP = 10
const ITERATIONS = positiveInteger('BENCH_ITERATIONS', 60)

/** One section of a pasted article: what the built-in stages exist to clean up, with ordinary prose around it. */
function section (n: number): string {
  return [
    `<h${n % 7 === 0 ? 1 : 2}>Section ${n}: planning the work</h${n % 7 === 0 ? 1 : 2}>`,
    `<p style="margin:0">Paragraph ${n} with <span>plain spans</span>, <font color="red">old font tags</font>, <strong>bold</strong> and <a href="/docs/${n}">a link</a>. ` +
      'Editors paste text like this from word processors, so it carries inline styles and empty wrappers that nobody asked for. </p>',
    `<h4>Detail ${n}</h4>`,
    `<p>Lists, images and figures follow. <em>Emphasis</em> and <code>code</code> stay as they are.</p>`,
    `<ul><li>First point of ${n}</li><li>Second point, with <a href="https://example.com/${n}">an outside link</a></li></ul>`,
    `<figure><img src="https://old-cdn.example.com/images/section-${n}-photo.jpg" width="800" height="600" srcset="https://old-cdn.example.com/images/section-${n}-photo@2x.jpg 2x"><figcaption>Figure ${n}</figcaption></figure>`,
    '<p></p><div> </div><!-- editor comment -->',
    n % 5 === 0 ? `<p class="cat-links"><a href="/category/uncategorized/">Uncategorized</a></p><script>track(${n})</script>` : '',
  ].join('')
}

function articleOfAbout (bytes: number): string {
  const toc = '<div id="ez-toc-container"><p>Contents</p><ul><li><a href="#s1">One</a></li><li><a href="#s2">Two</a></li></ul></div>'
  const faq = '<h2>Frequently asked questions</h2><h3>Why?</h3><p>Because.</p><h3>How?</h3><p>Carefully.</p>'
  let html = toc
  for (let n = 1; html.length < bytes - faq.length; n++) html += section(n)
  return html + faq
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

type Sample = { wall: number, cpu: number }

async function sample (work: () => unknown): Promise<Sample> {
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await work()
  const cpu = process.cpuUsage(cpuBefore)
  return { wall: performance.now() - started, cpu: (cpu.user + cpu.system) / 1000 }
}

/** Alternates the two, so both see the same machine load; CPU time is what a busy machine distorts least. */
async function measure (iterations: number, a: () => unknown, b: () => unknown): Promise<[Sample[], Sample[]]> {
  const samples: [Sample[], Sample[]] = [[], []]
  for (let i = 0; i < iterations; i++) {
    samples[0].push(await sample(a))
    samples[1].push(await sample(b))
  }
  return samples
}

const html = articleOfAbout(DOCUMENT_BYTES)
const post: PostRow = {
  id: 1, title: 'Bench', slug: 'bench', content: html, excerpt: '', status: 'draft', source: null, meta: {},
  updatedAt: null, postType: { slug: 'post' }, tags: [], categories: [{ name: 'Uncategorized', slug: 'uncategorized' }],
}
const recipe = { ...DEFAULT_RECIPE, id: 'default' }
const registry = new StageRegistry(builtinStages, [])
const clock = () => performance.now()
const stageTimes = new Map<string, number[]>()

function parseAndSerialize (): string {
  return serializeHtml(parseHtml(html))
}

async function pipelineRun (): Promise<void> {
  const before = stateOf(post)
  contentHash(before, recipe)
  const outcome = await runStages(documentFor(post), recipe.stages, recipe.policy, registry, clock)
  if (outcome.stopped) throw new Error(`a stage failed: ${JSON.stringify(outcome.reports.filter(report => report.status === 'failed'))}`)
  const after = stateAfter(outcome.doc, before, outcome.touched)
  if (!changedFields(before, after).includes('content')) throw new Error('the default recipe left the document unchanged')
  contentHash(after, recipe)
  for (const report of outcome.reports) stageTimes.set(report.type, [...stageTimes.get(report.type) ?? [], report.duration_ms])
}

await measure(WARMUP, parseAndSerialize, pipelineRun)
stageTimes.clear()
const [baselineSamples, runSamples] = await measure(ITERATIONS, parseAndSerialize, pipelineRun)
const medians = (samples: Sample[]) => ({ wall: median(samples.map(s => s.wall)), cpu: median(samples.map(s => s.cpu)) })
const baseline = medians(baselineSamples)
const run = medians(runSamples)
const ratio = run.cpu / baseline.cpu
const show = (m: Sample) => `${m.cpu.toFixed(2)} ms CPU, ${m.wall.toFixed(2)} ms wall`

console.log(`document: ${(html.length / 1024).toFixed(1)} KB; medians of ${ITERATIONS} iterations each`)
console.log(`parse + serialize:   ${show(baseline)}`)
console.log(`default recipe run:  ${show(run)}`)
console.log(`  per stage (wall):  ${[...stageTimes].map(([type, times]) => `${type} ${median(times)}`).join(', ')} ms`)
console.log(`ratio (CPU): ${ratio.toFixed(2)}× (wall ${(run.wall / baseline.wall).toFixed(2)}×) — target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`)
