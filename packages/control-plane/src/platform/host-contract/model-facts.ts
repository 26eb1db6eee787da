export type TermKind = 'tags' | 'categories' | 'postType'

/** The list a relationship part points at, and whether it has a `slug` beside its `name`. */
export type TermList = { list: string, hasSlug: boolean }

/** How the post's author is stored: a team-member slot number, or a relationship to the accounts list. */
type AuthorStorage = 'slot' | 'account'

/** What the database model tells about the posts list, read when the server mounts. */
export type ModelFacts = {
  /** The related list of each relationship part. */
  terms: Partial<Record<TermKind, TermList>>
  /** The body is a text column (a document field on SQLite keeps its JSON as text). */
  bodyStoredAsText: boolean
  author: AuthorStorage
  /** The database compares text case-insensitively on request (PostgreSQL's `mode: 'insensitive'`). */
  insensitive: boolean
}

/** The related list of each relationship part, by convention until the data model says otherwise. */
const CONVENTIONAL_TERMS: Record<TermKind, TermList> = {
  tags: { list: 'Tag', hasSlug: true },
  categories: { list: 'Category', hasSlug: true },
  postType: { list: 'PostType', hasSlug: true },
}

/** The part of the posts list's map that carries what the database model tells (`ResolvedContent`). */
type WithModelFacts = { model?: ModelFacts }

/** What the mount's check found of this map, or the conventions of the demo host's shape before it. */
export function factsOf (content: WithModelFacts): ModelFacts {
  return content.model ?? { terms: CONVENTIONAL_TERMS, bodyStoredAsText: false, author: 'slot', insensitive: false }
}

export const termListOf = (content: WithModelFacts, kind: TermKind): TermList => factsOf(content).terms[kind] ?? CONVENTIONAL_TERMS[kind]
