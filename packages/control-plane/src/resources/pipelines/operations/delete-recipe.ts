import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { conflict, notFound } from '../../../platform/errors/errors.ts'
import { recipeIdParam } from '../recipe-shape.ts'
import { DEFAULT_RECIPE_ID } from '../values.ts'

export const deleteRecipe = defineOperation({
  summary: 'Delete a pipeline recipe. The default recipe cannot be deleted; the run history is kept.',
  destructive: true,
  examples: [{
    title: 'Delete a recipe',
    setup: [{ operation: 'pipelines.create_recipe', params: { name: 'Trial recipe', trigger: { on: [] } }, as: 'recipe' }],
    params: { id: '{{recipe.id}}' },
    confirm: true,
  }],
  params: z.object({ id: recipeIdParam }),
  returns: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler ({ id }, { db }) {
    if (id === DEFAULT_RECIPE_ID) throw conflict('the default recipe cannot be deleted')
    const { count } = await db.svcPipelineRecipe.deleteMany({ where: { slug: id } })
    if (count === 0) throw notFound(`no pipeline recipe "${id}"`)
    return { data: { id, deleted: true as const }, changed: true }
  },
})
