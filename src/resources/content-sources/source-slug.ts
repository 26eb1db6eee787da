import type { Tx } from '../../db/client.ts'
import { firstFreeSlug, slugify } from '../../lib/slugify.ts'

/** A slug made from the name, suffixed (-2, -3, …) when taken. The unique column settles races. */
export async function freeSourceSlug (tx: Tx, name: string): Promise<string> {
  const base = slugify(name) || 'source'
  const rows = await tx.svcContentSource.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })
  return firstFreeSlug(base, new Set(rows.map(row => row.slug)))
}
