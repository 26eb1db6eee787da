import { z } from 'zod'
import { POST_STATUSES } from '../../../platform/html/post-statuses.ts'
import { sinceParam } from '../../../platform/lib/since.ts'
import { recipeIdParam } from '../recipe-shape.ts'
import { postIdParam } from '../post-id.ts'

/** Posts named one by one in a batch: at most this many. */
const MAX_POST_IDS = 1000

const batchFilter = z.object({
  source: z.string().trim().min(1).max(100).optional().describe('Only posts this content source (its slug) delivered.'),
  status: z.enum(POST_STATUSES).optional().describe('Only posts with this status.'),
  since: sinceParam.optional().describe('Only posts created at or after this time (RFC 3339 or YYYY-MM-DD).'),
  until: sinceParam.optional().describe('Only posts created before this time (RFC 3339 or YYYY-MM-DD).'),
  post_ids: z.array(postIdParam).min(1).max(MAX_POST_IDS).optional().describe(`These posts (at most ${MAX_POST_IDS}); not combined with the other filters.`),
}).strict().refine(filter => filter.post_ids === undefined || Object.keys(filter).length === 1, 'post_ids is not combined with the other filters')

/** What `pipelines.run_batch` takes; kept with its job as sent, and parsed again by each batch. */
export const batchParams = z.object({
  filter: batchFilter.describe('Which posts: every part given narrows the selection; {} selects every post.'),
  recipe_id: recipeIdParam.optional().describe('Recipe to run on every post; default: for each post, the one the manual trigger selects.'),
  dry_run: z.boolean().optional().describe('Run the stages and record the runs, write nothing to the posts. Default false.'),
  force: z.boolean().optional().describe('Run even where nothing changed since the last successful run. Default false.'),
})

export type BatchParams = z.output<typeof batchParams>

/** One batch of a recipe at a time: a second run_batch of the same recipe waits for (or cancels) the first. */
export const batchTarget = (params: Pick<BatchParams, 'recipe_id'>): string => `recipe:${params.recipe_id ?? '(manual trigger)'}`

/** The params as the job keeps them: JSON, times as RFC 3339 strings, which `batchParams` parses back to the same values. */
export const storedBatchParams = (params: BatchParams): Record<string, unknown> => JSON.parse(JSON.stringify(params)) as Record<string, unknown>
