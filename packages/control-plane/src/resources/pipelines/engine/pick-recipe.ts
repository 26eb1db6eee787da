import type { Db } from '../../../platform/db/client.ts'
import type { PostFacts } from '../../../platform/html/stage.ts'
import { RECIPE_ROW_FIELDS, toRecipe, type Recipe } from '../recipe-shape.ts'
import type { TriggerKind } from '../values.ts'

const allows = (list: readonly string[] | undefined, value: string | null) => list === undefined || (value !== null && list.includes(value))

function triggers (recipe: Recipe, kind: TriggerKind, post: PostFacts): boolean {
  return recipe.trigger.on.includes(kind) && allows(recipe.trigger.post_types, post.postType) && allows(recipe.trigger.sources, post.source)
}

/** The highest-priority recipe this trigger runs on this post (ties: lowest id), or null. */
export async function recipeForTrigger (db: Db, kind: TriggerKind, post: PostFacts): Promise<Recipe | null> {
  const rows = await db.svcPipelineRecipe.findMany({ select: RECIPE_ROW_FIELDS, orderBy: [{ priority: 'desc' }, { slug: 'asc' }] })
  return rows.map(toRecipe).find(recipe => triggers(recipe, kind, post)) ?? null
}
