import type { ResolvedContent } from './content.ts'
import { factsOf } from './model-facts.ts'

/** A post's author as the host stores it: a team-member slot number, or the id of an account (a number or a string, as the accounts list's ids are). */
export type AuthorValue = number | string

/** What the posts query selects of the author field. */
export const authorSelect = (content: ResolvedContent): unknown => factsOf(content).author === 'account' ? { select: { id: true } } : true

/** The author as the query returned it, or null. */
export function readAuthor (content: ResolvedContent, stored: unknown): AuthorValue | null {
  if (factsOf(content).author === 'slot') return typeof stored === 'number' ? stored : null
  const id = (stored as { id?: unknown } | null | undefined)?.id
  return typeof id === 'number' || typeof id === 'string' ? id : null
}

/**
 * The author in a write: the slot number, or a relationship to the account (`connect`; on an
 * update, `disconnect` for none). Undefined when a new post gets no author: the field keeps its default.
 */
export function writeAuthor (content: ResolvedContent, author: AuthorValue | null, mode: 'create' | 'update'): unknown {
  if (factsOf(content).author === 'slot') return author
  if (author === null) return mode === 'create' ? undefined : { disconnect: true }
  return { connect: { id: author } }
}
