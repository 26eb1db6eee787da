import type { Db } from '../../platform/db/client.ts'
import { isUniqueViolation } from '../../platform/db/client.ts'
import { queryRows, type RawTarget } from '../../platform/db/raw-statements.ts'
import { placeholder } from '../../platform/db/sql-placeholder.ts'
import { recipeColumns, type RecipeDefinition } from './recipe-shape.ts'
import { DEFAULT_RECIPE_ID } from './values.ts'
import { scalarArg } from '../../platform/db/raw-values.ts'

/**
 * Every built-in stage, in an order where each prepares the next: cleanup first, headings before
 * their anchors, the excerpt from the cleaned text. Run only on request (`manual`).
 */
export const DEFAULT_RECIPE: RecipeDefinition = {
  name: 'Default',
  priority: 0,
  stages: [
    { type: 'content_cleanup', options: {} },
    { type: 'strip_uncategorized', options: {} },
    { type: 'strip_inbody_toc', options: {} },
    { type: 'strip_inbody_faq', options: {} },
    { type: 'normalize_headings', options: {} },
    { type: 'add_heading_anchors', options: {} },
    { type: 'image_modify', options: { lazy_load: true } },
    { type: 'apply_taxonomy', options: { remove_categories: ['Uncategorized'] } },
    { type: 'set_excerpt', options: {} },
  ],
  trigger: { on: ['manual'] },
  policy: { skip_unchanged: true, on_error: 'stop', stage_timeout_ms: 5000 },
}

/** Whether the default recipe is there, by one statement written by hand (the seed's check at start). */
export async function defaultRecipePresent (target: RawTarget): Promise<boolean> {
  const rows = await queryRows(target, {
    sql: `SELECT "id" FROM "svc_pipeline_recipes" WHERE "slug" = ${placeholder(target.provider, 0)}`,
    args: [DEFAULT_RECIPE_ID],
    argTypes: [scalarArg('string')],
  })
  return rows.length > 0
}

/** Creates the default recipe when it is missing. Safe from any number of processes at once: the id is unique. */
export async function ensureDefaultRecipe (db: Db): Promise<void> {
  if (await db.svcPipelineRecipe.findUnique({ where: { slug: DEFAULT_RECIPE_ID }, select: { id: true } })) return
  try {
    await db.svcPipelineRecipe.create({ data: { slug: DEFAULT_RECIPE_ID, ...recipeColumns(DEFAULT_RECIPE) } })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
  }
}
