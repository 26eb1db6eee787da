import type { Db } from '../../../platform/db/client.ts'
import type { ControlPlaneRuntime } from '../../../kernel/runtime.ts'
import type { Recipe } from '../recipe-shape.ts'
import type { RunStatus, TriggerKind } from '../values.ts'
import { stageRegistry } from '../stages/registry.ts'
import { contentHash } from './content-hash.ts'
import { changedFields, documentFor, loadPost, stateAfter, stateOf, unwritableFields, type PostRow, type PostState } from './post-document.ts'
import { availableParts } from '../stages/requirements.ts'
import { PostChanged, recordRun, type PostWrite } from './record-run.ts'
import { runStages, type StageReport } from './run-stages.ts'
import { bodyAsStored, requireContent as contentOf } from '../../../platform/host-contract/posts.ts'
import { storedPostId, type PostId } from '../../../platform/host-contract/post-ids.ts'

/** What a pipeline run needs of the runtime; operations and the publish hook both have it. */
export type PipelineDeps = Pick<ControlPlaneRuntime, 'db' | 'options' | 'modules' | 'state' | 'hooks'>

export type RunRequest = {
  post: PostRow, recipe: Recipe, kind: TriggerKind, dryRun: boolean, force: boolean
  /** The `pipelines.run_batch` job the run belongs to: its row carries it, and a second run of the post in that job is refused by the database. */
  jobId?: number
}

export type RunResult = {
  run_id: number
  status: RunStatus
  post_id: PostId
  recipe: string
  stages: StageReport[]
  /** The stages changed the post: written for `success`, what would have been written for `dry_run`. */
  changed: boolean
  message: string
  /** Each field the stages changed, as it was and as it is (or would be, for `dry_run`). */
  changes: FieldChange[]
}

type FieldChange = { [Field in keyof PostState]: { field: Field, before: PostState[Field], after: PostState[Field] } }[keyof PostState]

type Evaluation = {
  status: RunStatus
  stages: StageReport[]
  changed: boolean
  message: string
  hash: string
  write: PostWrite | null
  changes: FieldChange[]
}

const fieldChanges = (before: PostState, after: PostState, fields: readonly (keyof PostState)[]): FieldChange[] =>
  fields.map(field => ({ field, before: before[field], after: after[field] }) as FieldChange)

/** The state with these fields as they were in `from`. */
function keepFields (state: PostState, from: PostState, fields: readonly (keyof PostState)[]): PostState {
  return { ...state, ...Object.fromEntries(fields.map(field => [field, from[field]])) }
}

/** Runs that lose the race for the post start over this many times in all before they give up. */
const MAX_ATTEMPTS = 5

function failureSummary (stages: readonly StageReport[]): string | null {
  const failed = stages.map((stage, index) => ({ ...stage, position: index + 1 })).filter(stage => stage.status === 'failed')
  if (failed.length === 0) return null
  return failed.map(stage => `stage ${stage.position} (${stage.type}) failed: ${stage.message}`).join('; ')
}

async function lastSuccessfulHash (db: Db, postId: PostId, recipeId: string) {
  return db.svcPipelineRun.findFirst({ where: { postId: storedPostId(postId), recipeId, status: 'success' }, orderBy: { id: 'desc' }, select: { id: true, contentHash: true } })
}

/** What one attempt of a run comes to, before anything is written. */
async function evaluate ({ db, options, state }: PipelineDeps, post: PostRow, { recipe, dryRun, force }: RunRequest): Promise<Evaluation> {
  const before = stateOf(post)
  const hashBefore = contentHash(before, recipe)
  if (recipe.policy.skip_unchanged && !force) {
    const last = await lastSuccessfulHash(db, post.id, recipe.id)
    if (last?.contentHash === hashBefore) {
      return { status: 'skipped', stages: [], changed: false, message: `unchanged since run ${last.id}`, hash: hashBefore, write: null, changes: [] }
    }
  }
  const clock = () => options.now().getTime()
  const content = contentOf(options)
  const outcome = await runStages(documentFor(post), recipe.stages, recipe.policy, state.get(stageRegistry), clock, availableParts(content))
  const failures = failureSummary(outcome.reports)
  if (outcome.stopped) {
    return { status: 'failed', stages: outcome.reports, changed: false, message: `${failures}; nothing was written`, hash: hashBefore, write: null, changes: [] }
  }
  const edited = stateAfter(outcome.doc, before, outcome.touched)
  const unwritable = unwritableFields(content)
  const dropped = changedFields(before, edited).filter(field => unwritable.includes(field))
  const after = keepFields(edited, before, unwritable)
  const fields = changedFields(before, after)
  const changed = fields.length > 0
  const summary = [
    changed ? `${dryRun ? 'would change' : 'changed'} ${fields.join(', ')}` : 'nothing to change',
    dropped.length > 0 ? `${dropped.join(', ')} not written: the host's posts have no such field (host.content.fields)` : null,
    failures,
  ].filter(Boolean).join('; ')
  const changes = fieldChanges(before, after, fields)
  if (dryRun) return { status: 'dry_run', stages: outcome.reports, changed, message: summary, hash: hashBefore, write: null, changes }
  return {
    status: 'success',
    stages: outcome.reports,
    changed,
    message: summary,
    // Hashed as the next run will read it back, so an unchanged post is recognised on any body format.
    hash: contentHash({ ...after, content: bodyAsStored(content, after.content) }, recipe),
    write: changed ? { read: post, next: after, fields, at: options.now() } : null,
    changes,
  }
}

/**
 * Runs a recipe over a post and records the run. The stages run outside any transaction; the
 * post and the run row are then written together, on the condition that the post is still the
 * version the stages read. When another write got there first, the run starts over on the new
 * version, so concurrent runs on one post apply one after the other and never interleave.
 */
export async function runPipeline (deps: PipelineDeps, request: RunRequest): Promise<RunResult> {
  const startedAt = deps.options.now().getTime()
  const record = async (post: PostRow, evaluation: Evaluation): Promise<RunResult> => {
    const runId = await recordRun(deps, contentOf(deps.options), {
      source: post.source,
      postId: post.id,
      recipeId: request.recipe.id,
      status: evaluation.status,
      triggerKind: request.kind,
      isDryRun: request.dryRun,
      changed: evaluation.changed,
      durationMs: Math.max(0, deps.options.now().getTime() - startedAt),
      contentHash: evaluation.hash,
      message: evaluation.message,
      stages: evaluation.stages,
      createdAt: deps.options.now(),
      jobId: request.jobId ?? null,
    }, evaluation.write)
    const { status, stages, changed, message, changes } = evaluation
    return { run_id: runId, status, post_id: post.id, recipe: request.recipe.id, stages, changed, message, changes }
  }
  let post = request.post
  for (let round = 1; ; round++) {
    const evaluation = await evaluate(deps, post, request)
    try {
      return await record(post, evaluation)
    } catch (error) {
      if (!(error instanceof PostChanged)) throw error
      if (round === MAX_ATTEMPTS) {
        const message = `the post kept changing during the run (${MAX_ATTEMPTS} attempts); nothing was written`
        return record(post, { ...evaluation, status: 'failed', changed: false, write: null, changes: [], hash: contentHash(stateOf(post), request.recipe), message })
      }
      post = await loadPost(deps, contentOf(deps.options), post.id)
    }
  }
}
