import { defaultLog, type Log } from '../../../platform/lib/log.ts'
import { factsOf, loadPost } from '../engine/post-document.ts'
import { recipeForTrigger } from '../engine/pick-recipe.ts'
import { runPipeline, type PipelineDeps, type RunResult } from '../engine/run-pipeline.ts'
import type { TriggerKind } from '../values.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { type PostId } from '../../../platform/host-contract/post-ids.ts'
import type { IngestedPost, PostIngestedDeps } from '../../../kernel/hooks/post-ingested.ts'

/**
 * Runs, for each trigger kind in turn, the highest-priority recipe it selects for the post; a
 * recipe selected by several kinds runs once. Nothing runs while the pipelines module is disabled.
 */
async function runTriggeredPipelines (deps: PipelineDeps, postId: PostId, kinds: readonly TriggerKind[]): Promise<RunResult[]> {
  if (!await deps.modules.isEnabled('pipelines')) return []
  const results: RunResult[] = []
  const ran = new Set<string>()
  for (const kind of kinds) {
    // Read again for every kind: the previous recipe may have written the post.
    const post = await loadPost(deps, requireContent(deps.options), postId)
    const recipe = await recipeForTrigger(deps.db, kind, factsOf(post))
    if (!recipe || ran.has(recipe.id)) continue
    ran.add(recipe.id)
    results.push(await runPipeline(deps, { post, recipe, kind, dryRun: false, force: false }))
  }
  return results
}

/**
 * For writes that already committed (an ingested post, a published one): their own outcome must
 * not depend on the pipeline, so a failure here is logged, and the failed run recorded as a row
 * when it got that far.
 */
export async function runTriggeredPipelinesAfterWrite (deps: PipelineDeps, postId: PostId, kinds: readonly TriggerKind[], log: Log = defaultLog): Promise<void> {
  try {
    await runTriggeredPipelines(deps, postId, kinds)
  } catch (error) {
    log(`the ${kinds.join('/')} pipelines for post ${postId} could not run`, error)
  }
}

/** `postIngested`: a delivered post runs the recipes of its `ingest` trigger, and of `publish` when it went out published. */
export const runIngestTriggers = (deps: PostIngestedDeps, { postId, published }: IngestedPost): Promise<void> =>
  runTriggeredPipelinesAfterWrite(deps, postId, published ? ['ingest', 'publish'] : ['ingest'], deps.log)
