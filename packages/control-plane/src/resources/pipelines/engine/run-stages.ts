import type { PipelineDocument, PostPart, StageResult } from '../../../platform/html/stage.ts'
import { ALL_PARTS, missingPartsReason } from '../stages/requirements.ts'
import type { StageRegistry } from '../stages/registry.ts'
import type { RecipePolicy, RecipeStage } from '../recipe-shape.ts'
import type { STAGE_STATUSES } from '../values.ts'
import { cloneDocument } from './post-document.ts'

export type StageReport = {
  type: string
  status: (typeof STAGE_STATUSES)[number]
  changed: boolean
  duration_ms: number
  message: string | null
}

export type StagesOutcome = {
  /** The document after the stages (a restored copy when a stage failed under `continue`). */
  doc: PipelineDocument
  reports: StageReport[]
  /** A stage failed under `on_error: 'stop'`: the run failed and nothing may be written. */
  stopped: boolean
  /** Some stage that succeeded reported a change. */
  touched: boolean
}

/** Milliseconds from an arbitrary origin; the injected clock, so tests decide how long a stage took. */
export type Clock = () => number

const MAX_MESSAGE_LENGTH = 500

type Attempt = { ok: true, result: StageResult } | { ok: false, message: string } | { ok: 'skipped', message: string }

class StageTimedOut extends Error {}

const isPromiseLike = (value: unknown): value is PromiseLike<StageResult> =>
  typeof (value as { then?: unknown } | null)?.then === 'function'

/** Settles with the stage's promise, or rejects once `ms` passed and aborts the stage's signal. */
async function within (promise: PromiseLike<StageResult>, ms: number, controller: AbortController): Promise<StageResult> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => { controller.abort(); reject(new StageTimedOut()) }, ms)
  })
  try {
    return await Promise.race([promise, expired])
  } finally {
    clearTimeout(timer)
  }
}

const tooSlow = (ms: number) => `took longer than stage_timeout_ms (${ms} ms)`

/**
 * One stage on the document. A synchronous stage cannot be interrupted on the event loop, so it
 * is timed with the clock and failed afterwards when it took too long (its edits are then
 * discarded like those of a stage that threw); an asynchronous one is also abandoned at the limit.
 */
async function attempt (doc: PipelineDocument, stage: RecipeStage, registry: StageRegistry, timeoutMs: number, clock: Clock, parts: ReadonlySet<PostPart>): Promise<Attempt> {
  const definition = registry.get(stage.type)
  if (!definition) return { ok: false, message: `unknown stage type "${stage.type}"` }
  const missing = missingPartsReason(definition, parts)
  if (missing) return { ok: 'skipped', message: `not run: ${missing}` }
  const options = definition.options.safeParse(stage.options)
  if (!options.success) return { ok: false, message: `invalid options: ${options.error.issues.map((issue: { message: string }) => issue.message).join('; ')}` }
  const started = clock()
  const controller = new AbortController()
  try {
    const returned = definition.run(doc, options.data, { signal: controller.signal })
    const result = isPromiseLike(returned) ? await within(returned, timeoutMs, controller) : returned
    if (clock() - started > timeoutMs) return { ok: false, message: tooSlow(timeoutMs) }
    return { ok: true, result: { changed: result?.changed === true, message: typeof result?.message === 'string' ? result.message : undefined } }
  } catch (error) {
    if (error instanceof StageTimedOut) return { ok: false, message: tooSlow(timeoutMs) }
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

const notRun = (stage: RecipeStage): StageReport =>
  ({ type: stage.type, status: 'skipped', changed: false, duration_ms: 0, message: 'not run: an earlier stage failed' })

/**
 * Runs the recipe's stages in order on one document. Under `on_error: 'continue'` a copy is taken
 * before each stage and replaces the document when the stage fails, so a failed stage leaves
 * nothing behind (an abandoned async stage that is still running edits only the discarded one).
 */
export async function runStages (
  doc: PipelineDocument, stages: readonly RecipeStage[], policy: RecipePolicy, registry: StageRegistry, clock: Clock, parts: ReadonlySet<PostPart> = ALL_PARTS,
): Promise<StagesOutcome> {
  let current = doc
  let touched = false
  const reports: StageReport[] = []
  for (const [index, stage] of stages.entries()) {
    const fallback = policy.on_error === 'continue' ? cloneDocument(current) : null
    const started = clock()
    const outcome = await attempt(current, stage, registry, policy.stage_timeout_ms, clock, parts)
    const duration = Math.max(0, Math.round(clock() - started))
    if (outcome.ok === 'skipped') {
      reports.push({ type: stage.type, status: 'skipped', changed: false, duration_ms: 0, message: outcome.message })
      continue
    }
    if (outcome.ok) {
      touched ||= outcome.result.changed
      reports.push({ type: stage.type, status: 'success', changed: outcome.result.changed, duration_ms: duration, message: outcome.result.message ?? null })
      continue
    }
    reports.push({ type: stage.type, status: 'failed', changed: false, duration_ms: duration, message: outcome.message.slice(0, MAX_MESSAGE_LENGTH) })
    if (fallback) {
      current = fallback
      continue
    }
    reports.push(...stages.slice(index + 1).map(notRun))
    return { doc: current, reports, stopped: true, touched }
  }
  return { doc: current, reports, stopped: false, touched }
}
