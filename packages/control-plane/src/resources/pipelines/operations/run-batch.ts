import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { jobStarted } from '../../../platform/jobs/job-status.ts'
import { findRecipe } from '../find-recipe.ts'
import { batchParams, batchTarget, storedBatchParams } from '../batch/batch-params.ts'
import { countCandidates } from '../batch/batch-candidates.ts'
import { runBatchJob } from '../batch/run-batch-job.ts'

export const runBatch = defineOperation({
  summary: 'Run a recipe over many posts as a job: answers 202 at once with the job to follow.',
  description: 'Selects posts by filter (a content source, a status, a creation-time range, or a list of ids) and runs the recipe ' +
    '(default: for each post, the one the manual trigger selects) over each of them once, in batches, on whichever instance takes the job; ' +
    'an instance that stops midway leaves the rest to another, and no post is run twice. Follow it with jobs.get (the Location header) ' +
    'and stop it with jobs.cancel. One batch per recipe runs at a time (409 conflict names the job under way). ' +
    'The job\'s result counts the runs by status, and the posts passed over: not_selected (a source\'s post the other filters leave out), ' +
    'gone (deleted meanwhile), no_recipe, already_run.',
  startsJob: true,
  examples: [{
    title: 'See what a recipe would change on the posts one content source delivered, as a job',
    // A recipe of its own: one batch per recipe runs at a time.
    setup: [{ operation: 'pipelines.create_recipe', params: { name: 'Tidy a source\'s posts', stages: [{ type: 'normalize_headings' }], trigger: { on: [] } }, as: 'recipe' }],
    params: { recipe_id: '{{recipe.id}}', filter: { source: 'newswire' }, dry_run: true },
  }],
  params: batchParams,
  returns: jobStarted,
  async handler (params, context) {
    const content = requireContent(context.options)
    if (params.recipe_id !== undefined) await findRecipe(context.db, params.recipe_id)
    const total = await countCandidates(context.db, content, params.filter)
    const job = await context.startJob(runBatchJob.kind, {
      target: batchTarget(params),
      params: storedBatchParams(params),
      total,
    })
    return { data: job, changed: true }
  },
})
