import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { ensureDefaultRecipe } from '../default-recipe.ts'
import { findRecipe } from '../find-recipe.ts'
import { recipeIdParam, toRecipe } from '../recipe-shape.ts'
import { stageReport } from '../run-shape.ts'
import { factsOf, loadPost, POST_STATE_FIELDS } from '../engine/post-document.ts'
import { recipeForTrigger } from '../engine/pick-recipe.ts'
import { runPipeline } from '../engine/run-pipeline.ts'
import { RUN_STATUSES } from '../values.ts'
import { hostPostId, postIdParam, postIdValue } from '../post-id.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'

const runOutcome = z.object({
  status: z.enum(RUN_STATUSES),
  post_id: postIdValue,
  recipe: z.string().describe('Id of the recipe that ran.'),
  stages: z.array(stageReport),
  run_id: z.number().int(),
  changed: z.boolean().describe('The stages changed the post (written unless dry_run).'),
  message: z.string(),
  changes: z.array(z.object({
    field: z.enum(POST_STATE_FIELDS),
    before: z.unknown(),
    after: z.unknown(),
  })).describe('Each field the stages changed, before and after (what would be written, for a dry run): content is HTML, tags and categories are names, meta is an object. Empty when nothing changed, the run was skipped or failed.'),
})

export const runRecipe = defineOperation({
  summary: 'Run a recipe over one post now, and record the run.',
  description: 'Without recipe_id, the highest-priority recipe whose trigger includes manual (and matches the post\'s type and source) runs. ' +
    'With skip_unchanged, a post and recipe unchanged since the last successful run are skipped unless force is set. ' +
    'The post is written only when the stages changed it and dry_run is not set; a failing stage fails the run and nothing is written ' +
    '(under on_error continue, only its own edits are dropped).',
  examples: [{ title: 'See what the matching recipe would change, writing nothing', params: { post_id: '{{post.id}}', dry_run: true } }],
  notPreviewable: 'its stages may call an AI provider while they run; send dry_run: true to see what it would change',
  params: z.object({
    post_id: postIdParam.describe('Id of the post (a number, or a string on sites whose post ids are strings).'),
    recipe_id: recipeIdParam.optional().describe('Recipe to run; default: the one the manual trigger selects.'),
    dry_run: z.boolean().optional().describe('Run the stages and report, write nothing to the post. Default false.'),
    force: z.boolean().optional().describe('Run even when nothing changed since the last successful run. Default false.'),
  }),
  returns: runOutcome,
  async handler ({ post_id, recipe_id, dry_run = false, force = false }, { db, options, modules, state, hooks }) {
    const content = requireContent(options)
    const post = await loadPost({ db, hooks }, content, hostPostId(content, post_id))
    await ensureDefaultRecipe(db)
    const recipe = recipe_id === undefined
      ? await recipeForTrigger(db, 'manual', factsOf(post))
      : toRecipe(await findRecipe(db, recipe_id))
    if (!recipe) throw notFound(`no recipe with the manual trigger matches post ${post_id}: name one with recipe_id`)
    const result = await runPipeline({ db, options, modules, state, hooks }, { post, recipe, kind: 'manual', dryRun: dry_run, force })
    return { data: result, changed: result.status === 'success' && result.changed }
  },
})
