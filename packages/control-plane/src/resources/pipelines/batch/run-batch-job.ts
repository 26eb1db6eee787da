import type { JobKind } from '../../../kernel/job-kind.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { storedPostId } from '../../../platform/host-contract/post-ids.ts'
import { isUniqueViolation } from '../../../platform/db/client.ts'
import { SvcError } from '../../../platform/errors/errors.ts'
import { ensureDefaultRecipe } from '../default-recipe.ts'
import { findRecipe } from '../find-recipe.ts'
import { toRecipe } from '../recipe-shape.ts'
import { factsOf, loadPost } from '../engine/post-document.ts'
import { recipeForTrigger } from '../engine/pick-recipe.ts'
import { runPipeline } from '../engine/run-pipeline.ts'
import { batchParams } from './batch-params.ts'
import { nextCandidates } from './batch-candidates.ts'

/** Tally keys besides the run statuses: posts the job passed over, and why. */
const PASSED_OVER = { notSelected: 'not_selected', gone: 'gone', noRecipe: 'no_recipe', alreadyRun: 'already_run' } as const

/** The post, or null when it was deleted since the batch selected it. */
async function postStillThere (...args: Parameters<typeof loadPost>) {
  try {
    return await loadPost(...args)
  } catch (error) {
    if (error instanceof SvcError && error.code === 'not_found') return null
    throw error
  }
}

/**
 * A batch of `pipelines.run_batch`: the next candidates, each selected post run once with the
 * job's id on its run row. A post that already has a run of this job (its instance died before
 * storing the batch's progress) is passed over, and the unique (job, post) of the run rows refuses
 * a second run even from a worker that lost its lease and has not noticed yet.
 */
export const runBatchJob: JobKind = {
  kind: 'pipelines.run_batch',
  async step (job, limit, deps) {
    const params = batchParams.parse(job.params)
    const content = requireContent(deps.options)
    const candidates = await nextCandidates(deps.db, content, params.filter, job.cursor, limit)
    const tally: Record<string, number> = {}
    const count = (key: string) => { tally[key] = (tally[key] ?? 0) + 1 }
    for (let passed = candidates.posts.length; passed < candidates.looked; passed++) count(PASSED_OVER.notSelected)
    await ensureDefaultRecipe(deps.db)
    const named = params.recipe_id === undefined ? null : toRecipe(await findRecipe(deps.db, params.recipe_id))
    for (const postId of candidates.posts) {
      if (await deps.db.svcPipelineRun.count({ where: { jobId: job.id, postId: storedPostId(postId) } }) > 0) {
        count(PASSED_OVER.alreadyRun)
        continue
      }
      const post = await postStillThere(deps, content, postId)
      if (!post) {
        count(PASSED_OVER.gone)
        continue
      }
      const recipe = named ?? await recipeForTrigger(deps.db, 'manual', factsOf(post))
      if (!recipe) {
        count(PASSED_OVER.noRecipe)
        continue
      }
      try {
        const run = await runPipeline(deps, { post, recipe, kind: 'manual', dryRun: params.dry_run ?? false, force: params.force ?? false, jobId: job.id })
        count(run.status)
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        count(PASSED_OVER.alreadyRun)
      }
    }
    return { cursor: candidates.cursor, done: candidates.looked, tally, finished: candidates.finished }
  },
}
