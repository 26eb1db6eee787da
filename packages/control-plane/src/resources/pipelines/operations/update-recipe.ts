import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { sameJson } from '../../../platform/lib/canonical-json.ts'
import { checkStages } from '../check-stages.ts'
import { availableParts } from '../stages/requirements.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { findRecipe } from '../find-recipe.ts'
import { stageRegistry } from '../stages/registry.ts'
import {
  RECIPE_ROW_FIELDS, recipeIdParam, recipeNameParam, recipePolicyParam, recipePriorityParam, recipeRecord,
  recipeColumns, recipeStagesParam, recipeTriggerParam, definitionOf, toRecipeRecord, type RecipeDefinition,
} from '../recipe-shape.ts'

export const updateRecipe = defineOperation({
  summary: 'Change a pipeline recipe (merge-patch).',
  description: 'Omitted keys are kept. A supplied stages list, trigger or policy replaces that whole value, and fields left out of a ' +
    'supplied trigger or policy take their defaults: send the complete object to change one field in it. The id cannot change.',
  idempotent: true,
  examples: [{
    title: 'Let a recipe carry on past a failing stage',
    setup: [{ operation: 'pipelines.create_recipe', params: { name: 'Draft clean-up', trigger: { on: [] } }, as: 'recipe' }],
    params: { id: '{{recipe.id}}', policy: { on_error: 'continue' } },
  }],
  params: z.object({
    id: recipeIdParam,
    name: recipeNameParam.optional(),
    priority: recipePriorityParam.optional(),
    stages: recipeStagesParam.optional(),
    trigger: recipeTriggerParam.optional(),
    policy: recipePolicyParam.optional(),
  }),
  returns: recipeRecord,
  async handler ({ id, ...patch }, { db, options, state }) {
    const row = await findRecipe(db, id)
    const current = definitionOf(row)
    const next: RecipeDefinition = {
      name: patch.name ?? current.name,
      priority: patch.priority ?? current.priority,
      stages: patch.stages === undefined ? current.stages : checkStages(patch.stages, state.get(stageRegistry), availableParts(requireContent(options))),
      trigger: patch.trigger ?? current.trigger,
      policy: patch.policy ?? current.policy,
    }
    if (sameJson(next, current)) return { data: toRecipeRecord(row), changed: false }
    const { count } = await db.svcPipelineRecipe.updateMany({ where: { slug: id }, data: recipeColumns(next) })
    if (count === 0) throw notFound(`no pipeline recipe "${id}"`)
    const updated = await db.svcPipelineRecipe.findUniqueOrThrow({ where: { slug: id }, select: RECIPE_ROW_FIELDS })
    return { data: toRecipeRecord(updated), changed: true }
  },
})
