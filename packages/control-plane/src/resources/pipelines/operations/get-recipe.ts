import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { findRecipe } from '../find-recipe.ts'
import { recipeIdParam, recipeRecord, toRecipeRecord } from '../recipe-shape.ts'

export const getRecipe = defineOperation({
  summary: 'Read one pipeline recipe.',
  readonly: true,
  examples: [{ title: 'Read the default recipe', params: { id: 'default' } }],
  params: z.object({ id: recipeIdParam }),
  returns: recipeRecord,
  async handler ({ id }, { db }) {
    return { data: toRecipeRecord(await findRecipe(db, id)), changed: false }
  },
})
