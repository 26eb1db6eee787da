import { pipelineRunCompleted } from './events.ts'
import { configureResource, defineResource } from '../../kernel/define-resource.ts'
import { pipelinesSettings, type PipelinesSettings } from './resource-settings.ts'
import { buildStageRegistry, stageRegistry } from './stages/registry.ts'
import { pipelineRecipeModel } from './recipe-model.ts'
import { pipelineRunModel } from './run-model.ts'
import { builtinStages } from './stages/builtin.ts'
import { defaultRecipePresent, ensureDefaultRecipe } from './default-recipe.ts'
import { withPublishTrigger } from './triggers/publish-hook.ts'
import { createRecipe } from './operations/create-recipe.ts'
import { dailyRunCounts } from './operations/daily-run-counts.ts'
import { deleteRecipe } from './operations/delete-recipe.ts'
import { getRecipe } from './operations/get-recipe.ts'
import { getRun } from './operations/get-run.ts'
import { listPosts } from './operations/list-posts.ts'
import { listRecipes } from './operations/list-recipes.ts'
import { listRuns } from './operations/list-runs.ts'
import { listStages } from './operations/list-stages.ts'
import { runRecipe } from './operations/run.ts'
import { runBatch } from './operations/run-batch.ts'
import { runBatchJob } from './batch/run-batch-job.ts'
import { updateRecipe } from './operations/update-recipe.ts'
import { pipelineRunRetention } from './retention.ts'
import { runIngestTriggers } from './triggers/run-triggered.ts'
import { provide } from '../../kernel/hooks/define-hook.ts'
import { postIngested } from '../../kernel/hooks/post-ingested.ts'

/** Recipes of content stages run over posts by hand, on ingest and on publish, with their run history. */
export const pipelinesResource = defineResource({
  name: 'pipelines',
  events: [pipelineRunCompleted],
  requires: ['content'],
  settings: pipelinesSettings,
  setup: runtime => { runtime.state.set(stageRegistry, buildStageRegistry(runtime.options)) },
  models: [pipelineRecipeModel, pipelineRunModel],
  operations: {
    create_recipe: createRecipe,
    daily_run_counts: dailyRunCounts,
    delete_recipe: deleteRecipe,
    get_recipe: getRecipe,
    get_run: getRun,
    list_posts: listPosts,
    list_recipes: listRecipes,
    list_runs: listRuns,
    list_stages: listStages,
    run: runRecipe,
    run_batch: runBatch,
    update_recipe: updateRecipe,
  },
  jobKinds: [runBatchJob],
  provides: [provide(postIngested, runIngestTriggers)],
  seeds: [{ what: 'the default pipeline recipe', run: ensureDefaultRecipe, present: defaultRecipePresent }],
  statusCounters: [
    { key: 'recipes', count: db => db.svcPipelineRecipe.count() },
    { key: 'runs', count: (db, bound) => db.svcPipelineRun.count(bound && { take: bound.upTo }), kept: true },
  ],
  retention: pipelineRunRetention,
  adminPages: [{
    path: '/control-plane/pipelines',
    label: 'Pipelines',
    title: 'Pipelines',
    requires: ['pipelines.list_recipes', 'pipelines.list_stages', 'pipelines.list_runs', 'pipelines.get_run', 'pipelines.run_batch', 'pipelines.daily_run_counts', 'jobs.list', 'jobs.cancel'],
  }],
  stages: builtinStages,
  extendHostLists: withPublishTrigger,
})

/** The pipelines resource with settings of the host's, for `builtins: [pipelines({ stages: [myStage] })]`. */
export const pipelines = (settings: PipelinesSettings) => configureResource(pipelinesResource, settings)
