import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { ensureDefaultRecipe } from '../default-recipe.ts'
import { RECIPE_ROW_FIELDS, recipeRecord, toRecipeRecord } from '../recipe-shape.ts'

export const listRecipes = defineOperation({
  summary: 'List the pipeline recipes, highest priority first (the order triggers pick them in).',
  readonly: true,
  examples: [{ title: 'List the recipes, highest priority first', params: {} }],
  params: z.object({}),
  returns: z.object({ recipes: z.array(recipeRecord) }),
  async handler (_params, { db }) {
    await ensureDefaultRecipe(db)
    const rows = await db.svcPipelineRecipe.findMany({ select: RECIPE_ROW_FIELDS, orderBy: [{ priority: 'desc' }, { slug: 'asc' }] })
    return { data: { recipes: rows.map(toRecipeRecord) }, changed: false }
  },
})
