import type { Db } from '../../../db/client.ts'
import { notFound } from '../../../errors.ts'
import { slugify } from '../../../lib/slugify.ts'
import { canonicalJson } from '../../../lib/canonical-json.ts'
import { cloneHtml, parseHtml, serializeHtml } from '../../../content/transforms/index.ts'
import type { PipelineDocument, PostFacts } from '../../../content/stage.ts'

type Term = { name: string, slug: string }

const TERM_FIELDS = { select: { name: true, slug: true }, orderBy: { id: 'asc' } } as const

export const POST_FIELDS = {
  id: true, title: true, slug: true, content: true, excerpt: true, status: true, source: true, meta: true, updatedAt: true,
  postType: { select: { slug: true } },
  tags: TERM_FIELDS,
  categories: TERM_FIELDS,
} as const

export type PostRow = {
  id: number
  title: string
  slug: string
  content: string
  excerpt: string
  status: string
  source: string | null
  meta: unknown
  /** The concurrency token: a run writes only if it is still what the run read. */
  updatedAt: Date | null
  postType: { slug: string } | null
  tags: Term[]
  categories: Term[]
}

export async function loadPost (db: Db, id: number): Promise<PostRow> {
  const post = await db.post.findUnique({ where: { id }, select: POST_FIELDS })
  if (!post) throw notFound(`no post ${id}`)
  return post
}

export const factsOf = (post: PostRow): PostFacts =>
  ({ id: post.id, slug: post.slug, status: post.status, postType: post.postType?.slug ?? null, source: post.source })

/** The fields of a post a run may change, in the order they are reported. */
export const POST_STATE_FIELDS = ['title', 'content', 'excerpt', 'tags', 'categories', 'meta'] as const

/** The part of a post a run may change; compared before and after a run, and hashed. */
export type PostState = {
  title: string
  content: string
  excerpt: string
  tags: string[]
  categories: string[]
  meta: Record<string, unknown>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export const stateOf = (post: PostRow): PostState => ({
  title: post.title,
  content: post.content,
  excerpt: post.excerpt,
  tags: post.tags.map(term => term.name),
  categories: post.categories.map(term => term.name),
  meta: isRecord(post.meta) ? post.meta : {},
})

/** The document the stages edit: the content parsed once, copies of the other fields. */
export const documentFor = (post: PostRow): PipelineDocument => ({
  html: parseHtml(post.content),
  ...copyFields(stateOf(post)),
  post: factsOf(post),
})

function copyFields (from: Omit<PostState, 'content'>) {
  return { title: from.title, excerpt: from.excerpt, tags: [...from.tags], categories: [...from.categories], meta: structuredClone(from.meta) }
}

/** A copy to fall back on when a stage fails under `on_error: 'continue'`. */
export const cloneDocument = (doc: PipelineDocument): PipelineDocument => ({ html: cloneHtml(doc.html), ...copyFields(doc), post: doc.post })

/** The state after the stages; the HTML is serialized only when a stage reported a change. */
export function stateAfter (doc: PipelineDocument, before: PostState, htmlTouched: boolean): PostState {
  return { ...copyFields(doc), content: htmlTouched ? serializeHtml(doc.html) : before.content }
}

/** Terms are a set of slugs: order and spelling of the name do not count. */
export const termSlugs = (names: readonly string[]) => [...new Set(names.map(slugify))].sort()

const comparable: Record<keyof PostState, (state: PostState) => string> = {
  title: state => state.title,
  content: state => state.content,
  excerpt: state => state.excerpt,
  tags: state => termSlugs(state.tags).join('\n'),
  categories: state => termSlugs(state.categories).join('\n'),
  meta: state => canonicalJson(state.meta ?? null),
}

/** Which fields differ between two states. */
export function changedFields (before: PostState, after: PostState): (keyof PostState)[] {
  return POST_STATE_FIELDS.filter(field => comparable[field](before) !== comparable[field](after))
}
