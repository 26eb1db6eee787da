import type { Db } from '../../platform/db/client.ts'
import { firstFreeSlug, slugify } from '../../platform/lib/slugify.ts'

const MAX_BASE_LENGTH = 56

/** An id made from the name, suffixed (-2, -3, …) when taken. The unique column settles races. */
export async function freeRecipeId (db: Db, name: string): Promise<string> {
  const base = slugify(name).slice(0, MAX_BASE_LENGTH).replace(/-+$/, '') || 'recipe'
  const rows = await db.svcPipelineRecipe.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })
  return firstFreeSlug(base, new Set(rows.map(row => row.slug)))
}
