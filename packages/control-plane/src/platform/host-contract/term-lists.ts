import { slugify } from '../lib/slugify.ts'
import type { TermList } from './model-facts.ts'
import { anyCaseKey, anyCaseWhere } from './any-case.ts'

/**
 * A tag, category or post type: the related record's id, name and slug. A list without a `slug`
 * field gives the slug its name makes (`slugify`), computed, not stored.
 */
export type Term = { id: unknown, name: string, slug: string }

type TermRow = { id: unknown, name: string, slug?: string }

/** The part of a term list's Prisma delegate the terms are read and written through. */
export type TermDelegate = {
  findUnique: (args: object) => Promise<TermRow | null>
  findMany: (args: object) => Promise<TermRow[]>
  create: (args: object) => Promise<TermRow>
  createManyAndReturn: (args: object) => Promise<TermRow[]>
}

export const termSelect = (shape: TermList) => ({ select: { id: true, name: true, ...shape.hasSlug ? { slug: true } : {} } })

export const toTerm = (row: TermRow, shape: TermList): Term =>
  ({ id: row.id, name: row.name, slug: shape.hasSlug ? row.slug ?? '' : slugify(row.name) })

/** The key a term is matched by: its slug where the list has one, else its name in any letter case. */
const keyOf = (name: string, shape: TermList) => shape.hasSlug ? slugify(name) : anyCaseKey(name)

/** The terms whose name is one of these, in any letter case; oldest first, so duplicates resolve to one. */
async function byNames (terms: TermDelegate, shape: TermList, names: readonly string[], insensitive: boolean): Promise<TermRow[]> {
  const rows = await terms.findMany({ where: { OR: names.map(name => anyCaseWhere('name', name, insensitive)) }, orderBy: { id: 'asc' }, ...termSelect(shape) })
  const wanted = new Set(names.map(name => keyOf(name, shape)))
  return rows.filter(row => wanted.has(keyOf(row.name, shape)))
}

/** The term a key names (a slug, or a name on a list without slugs), or null. */
export async function findTerm (terms: TermDelegate, shape: TermList, key: string, insensitive: boolean): Promise<Term | null> {
  if (shape.hasSlug) {
    const row = await terms.findUnique({ where: { slug: key }, ...termSelect(shape) })
    return row && toTerm(row, shape)
  }
  const [row] = await byNames(terms, shape, [key], insensitive)
  return row ? toTerm(row, shape) : null
}

export async function createTerm (terms: TermDelegate, shape: TermList, data: { name: string, slug: string }): Promise<Term> {
  return toTerm(await terms.create({ data: shape.hasSlug ? data : { name: data.name }, ...termSelect(shape) }), shape)
}

/**
 * Ids of the terms with these names, creating the missing ones in one bulk insert (with a slug
 * where the list has one). Names are matched by slug, or by name in any letter case on a list
 * without slugs. A term created by another process meanwhile fails the unique slug, and the
 * caller's transaction is retried; a list without slugs has no such guard, and a race may leave
 * two terms of one name (the older is the one matched afterwards).
 */
export async function ensureTermIds (terms: TermDelegate, shape: TermList, names: readonly string[], insensitive: boolean): Promise<unknown[]> {
  const wanted = new Map<string, string>()
  for (const name of names) {
    const key = keyOf(name, shape)
    if (key && !wanted.has(key)) wanted.set(key, name.trim())
  }
  if (wanted.size === 0) return []
  const keys = [...wanted.keys()]
  const existing = shape.hasSlug
    ? await terms.findMany({ where: { slug: { in: keys } }, ...termSelect(shape) })
    : await byNames(terms, shape, [...wanted.values()], insensitive)
  const idOf = new Map<string, unknown>()
  const remember = (row: TermRow) => {
    const key = shape.hasSlug ? row.slug ?? '' : keyOf(row.name, shape)
    if (!idOf.has(key)) idOf.set(key, row.id)
  }
  existing.forEach(remember)
  const missing = keys.filter(key => !idOf.has(key)).map(key => shape.hasSlug ? { name: wanted.get(key)!, slug: key } : { name: wanted.get(key)! })
  if (missing.length > 0) (await terms.createManyAndReturn({ data: missing, ...termSelect(shape) })).forEach(remember)
  return keys.map(key => idOf.get(key))
}
