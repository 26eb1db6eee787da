import type { Db } from '../../platform/db/client.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { ensureDefaultRecipe } from './default-recipe.ts'
import { RECIPE_ROW_FIELDS, type RecipeRow } from './recipe-shape.ts'

export async function findRecipe (db: Db, id: string): Promise<RecipeRow> {
  await ensureDefaultRecipe(db)
  const row = await db.svcPipelineRecipe.findUnique({ where: { slug: id }, select: RECIPE_ROW_FIELDS })
  if (!row) throw notFound(`no pipeline recipe "${id}"`)
  return row
}
