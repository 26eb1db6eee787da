import type { Tx } from '../db/client.ts'
import { slugify } from '../lib/slugify.ts'

export type TermKind = 'tag' | 'category'

export const UNCATEGORIZED = 'uncategorized'

type TermStore = {
  find: (slug: string) => Promise<{ id: number } | null>
  create: (data: { name: string, slug: string }) => Promise<{ id: number }>
}

function storeOf (tx: Tx, kind: TermKind): TermStore {
  const select = { id: true } as const
  return kind === 'tag'
    ? { find: slug => tx.tag.findUnique({ where: { slug }, select }), create: data => tx.tag.create({ data, select }) }
    : { find: slug => tx.category.findUnique({ where: { slug }, select }), create: data => tx.category.create({ data, select }) }
}

/**
 * Ids of the terms with these names (matched by slug), creating the missing ones. A term created
 * by another process meanwhile fails the unique slug, and the caller's transaction is retried.
 */
export async function ensureTerms (tx: Tx, kind: TermKind, names: readonly string[]): Promise<number[]> {
  const store = storeOf(tx, kind)
  const ids: number[] = []
  for (const name of names) {
    const slug = slugify(name)
    if (!slug) continue
    const term = await store.find(slug) ?? await store.create({ name, slug })
    if (!ids.includes(term.id)) ids.push(term.id)
  }
  return ids
}
