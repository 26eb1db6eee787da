import { z } from 'zod'
import type { Tx } from '../../platform/db/client.ts'
import { firstFreeSlug, slugify } from '../../platform/lib/slugify.ts'

/** The longest slug a source may have; export envelopes and imports hold it to the same bound. */
export const SOURCE_SLUG_MAX_LENGTH = 80

/** Room left after the name's part for a `-2`, `-3`, … suffix of up to seven digits. */
const MAX_BASE_LENGTH = SOURCE_SLUG_MAX_LENGTH - 8

export const sourceSlug = z.string().max(SOURCE_SLUG_MAX_LENGTH).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug: lower-case letters, digits and -')

/** A slug made from the name, suffixed (-2, -3, …) when taken. The unique column settles races. */
export async function freeSourceSlug (tx: Tx, name: string): Promise<string> {
  const base = slugify(name).slice(0, MAX_BASE_LENGTH).replace(/-+$/, '') || 'source'
  const rows = await tx.svcContentSource.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })
  return firstFreeSlug(base, new Set(rows.map(row => row.slug)))
}
