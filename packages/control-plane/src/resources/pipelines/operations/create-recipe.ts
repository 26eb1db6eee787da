import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { isUniqueViolation } from '../../../platform/db/client.ts'
import { retryOnUniqueViolation } from '../../../platform/db/retry-unique.ts'
import { conflict } from '../../../platform/errors/errors.ts'
import { checkStages } from '../check-stages.ts'
import { availableParts } from '../stages/requirements.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { freeRecipeId } from '../recipe-id.ts'
import { ensureDefaultRecipe } from '../default-recipe.ts'
import { stageRegistry } from '../stages/registry.ts'
import {
  RECIPE_ROW_FIELDS, recipeIdParam, recipeNameParam, recipePolicyParam, recipePriorityParam, recipeRecord,
  recipeColumns, recipeStagesParam, recipeTriggerParam, toRecipeRecord,
} from '../recipe-shape.ts'

export const createRecipe = defineOperation({
  summary: 'Create a pipeline recipe: ordered stages, a trigger and a policy.',
  description: 'The id is generated from the name (suffixed -2, -3, … when taken) unless given; a given id that is taken is a conflict. ' +
    'Stage types come from pipelines.list_stages; an unknown type or bad options is invalid_params naming the stage.',
  examples: [{
    title: 'Tidy the posts one content source delivers',
    params: {
      name: 'Tidy wire stories',
      stages: [{ type: 'normalize_headings' }, { type: 'set_excerpt', options: { max_length: 200 } }],
      trigger: { on: ['ingest'], sources: ['wire-stories'] },
      policy: { on_error: 'continue' },
    },
    needs: ['excerpt'],
  }, {
    title: 'Tidy headings and add anchors to every post, on publish',
    params: {
      name: 'Tidy on publish',
      stages: [{ type: 'normalize_headings' }, { type: 'add_heading_anchors' }],
      trigger: { on: ['publish'] },
    },
  }],
  params: z.object({
    id: recipeIdParam.optional().describe('Recipe id; generated from the name when omitted.'),
    name: recipeNameParam,
    priority: recipePriorityParam.optional(),
    stages: recipeStagesParam.optional(),
    trigger: recipeTriggerParam.optional(),
    policy: recipePolicyParam.optional(),
  }),
  returns: recipeRecord,
  async handler (params, { db, options, state }) {
    const definition = {
      name: params.name,
      priority: params.priority ?? 0,
      stages: checkStages(params.stages ?? [], state.get(stageRegistry), availableParts(requireContent(options))),
      trigger: params.trigger ?? recipeTriggerParam.parse({}),
      policy: params.policy ?? recipePolicyParam.parse({}),
    }
    const insert = async (slug: string) => db.svcPipelineRecipe.create({ data: { slug, ...recipeColumns(definition) }, select: RECIPE_ROW_FIELDS })
    await ensureDefaultRecipe(db)
    const row = params.id === undefined
      ? await retryOnUniqueViolation(async () => insert(await freeRecipeId(db, params.name)))
      : await insert(params.id).catch(error => {
        throw isUniqueViolation(error) ? conflict(`a pipeline recipe "${params.id}" exists already`) : error
      })
    return { data: toRecipeRecord(row), changed: true }
  },
})
