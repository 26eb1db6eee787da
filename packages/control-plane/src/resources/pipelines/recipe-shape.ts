import { z } from 'zod'
import { displayName } from '../../platform/lib/fields.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { ON_ERROR, TRIGGER_KINDS } from './values.ts'
import { jsonColumn } from '../../platform/lib/json-value.ts'

const RECIPE_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/

export const recipeIdParam = z.string().regex(RECIPE_ID, 'lower-case letters, digits, - and _ (at most 64), starting with a letter or digit')
  .describe('Recipe id, e.g. "default".')

const unique = <T>(values: readonly T[]) => new Set(values).size === values.length

const slugList = (what: string) => z.array(z.string().min(1).max(100)).min(1).max(50).refine(unique, 'lists a value twice').optional().describe(what)

export const recipeStageParam = z.object({
  type: z.string().min(1).max(64).describe('A stage type from pipelines.list_stages.'),
  options: z.record(z.string(), z.unknown()).optional().describe('Options for the stage type, as its schema in pipelines.list_stages describes. Default {}.'),
}).strict()

export const recipeStagesParam = z.array(recipeStageParam).max(50)
  .describe('Stages in the order they run, each {type, options}. Unknown types and bad options are refused.')

export const recipeTriggerParam = z.object({
  on: z.array(z.enum(TRIGGER_KINDS)).max(TRIGGER_KINDS.length).refine(unique, 'lists a trigger kind twice').default(['manual'])
    .describe('What runs the recipe by itself: manual (pipelines.run without recipe_id), ingest (a content source wrote the post), publish (the post became published). [] runs it only when named. Default ["manual"].'),
  post_types: slugList('Only posts of these post types (slugs). Absent: any.'),
  sources: slugList('Only posts delivered by these content sources (slugs). Absent: any.'),
}).strict().describe('Replaced as a whole by update_recipe; omitted fields take their defaults.')

export const recipePolicyParam = z.object({
  skip_unchanged: z.boolean().default(true)
    .describe('Skip a run when the post and the recipe are as they were after its last successful run (force overrides). Default true.'),
  on_error: z.enum(ON_ERROR).default('stop')
    .describe('stop: a failing stage fails the run and nothing is written; continue: its edits are undone and the next stage runs. Default stop.'),
  stage_timeout_ms: z.number().int().min(1).max(60_000).default(5000)
    .describe('Longest a stage may take; a stage that takes longer fails. Default 5000.'),
}).strict().describe('Replaced as a whole by update_recipe; omitted fields take their defaults.')

export const recipePriorityParam = z.number().int().min(-1_000_000).max(1_000_000)
  .describe('Higher runs first when several recipes match a trigger. Default 0.')

export const recipeNameParam = displayName.describe('Display name of the recipe.')

export type RecipeStage = { type: string, options: Record<string, unknown> }
export type RecipeTrigger = z.output<typeof recipeTriggerParam>
export type RecipePolicy = z.output<typeof recipePolicyParam>

/** A recipe's definition as it is stored and returned. */
export type RecipeDefinition = { name: string, priority: number, stages: RecipeStage[], trigger: RecipeTrigger, policy: RecipePolicy }

export const recipeRecord = z.object({
  id: z.string(),
  name: z.string(),
  priority: z.number().int(),
  stages: z.array(z.object({ type: z.string(), options: z.record(z.string(), z.unknown()) })),
  trigger: z.object({
    on: z.array(z.enum(TRIGGER_KINDS)),
    post_types: z.array(z.string()).optional(),
    sources: z.array(z.string()).optional(),
  }),
  policy: z.object({ skip_unchanged: z.boolean(), on_error: z.enum(ON_ERROR), stage_timeout_ms: z.number().int() }),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})

export const RECIPE_ROW_FIELDS = { slug: true, name: true, priority: true, stages: true, trigger: true, policy: true, createdAt: true, updatedAt: true } as const

export type RecipeRow = {
  slug: string
  name: string
  priority: number
  stages: unknown
  trigger: unknown
  policy: unknown
  createdAt: Date | null
  updatedAt: Date | null
}

/** A recipe as the engine uses it. Only this module's operations write the JSON columns, always through the schemas above. */
export type Recipe = RecipeDefinition & { id: string }

export const definitionOf = (row: RecipeRow): RecipeDefinition => ({
  name: row.name,
  priority: row.priority,
  stages: row.stages as RecipeStage[],
  trigger: row.trigger as RecipeTrigger,
  policy: row.policy as RecipePolicy,
})

export const toRecipe = (row: RecipeRow): Recipe => ({ id: row.slug, ...definitionOf(row) })

export function toRecipeRecord (row: RecipeRow): z.input<typeof recipeRecord> {
  return { ...toRecipe(row), created_at: isoOrNull(row.createdAt), updated_at: isoOrNull(row.updatedAt) }
}

/** Column values of a definition (the JSON columns take plain JSON). */
export const recipeColumns = (definition: RecipeDefinition) => ({
  name: definition.name,
  priority: definition.priority,
  stages: jsonColumn(definition.stages),
  trigger: jsonColumn(definition.trigger),
  policy: jsonColumn(definition.policy),
})
