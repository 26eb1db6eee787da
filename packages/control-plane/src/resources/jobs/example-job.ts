import type { ExampleStep } from '../../kernel/registry/operation-example.ts'

/**
 * The setup of the jobs' examples: a batch run bound as `job`, of a recipe of its own (one batch
 * per recipe runs at a time, so each example's job is free to start whatever ran before it).
 */
export const EXAMPLE_JOB_SETUP: readonly ExampleStep[] = [
  { operation: 'pipelines.create_recipe', params: { name: 'Batch example', stages: [{ type: 'normalize_headings' }], trigger: { on: [] } }, as: 'recipe' },
  { operation: 'pipelines.run_batch', params: { recipe_id: '{{recipe.id}}', filter: { post_ids: ['{{post.id}}'] }, dry_run: true }, as: 'job' },
]
