import type { Db } from '../../../platform/db/client.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { slugify } from '../../../platform/lib/slugify.ts'
import { canonicalJson } from '../../../platform/lib/canonical-json.ts'
import { cloneHtml, parseHtml, serializeHtml } from '../../../platform/html/transforms/index.ts'
import type { PipelineDocument, PostFacts } from '../../../platform/html/stage.ts'
import type { ResolvedContent } from '../../../platform/host-contract/content.ts'
import { postsOf } from '../../../platform/host-contract/posts.ts'
import { type PostId } from '../../../platform/host-contract/post-ids.ts'
import { postProvenance } from '../../../kernel/hooks/post-provenance.ts'
import type { Hooks } from '../../../kernel/hooks/hooks.ts'

type Term = { name: string, slug: string }

/** A post as a run reads it; parts the host's field map leaves out are empty. */
export type PostRow = {
  id: PostId
  title: string
  slug: string | null
  content: string
  excerpt: string
  status: string
  /** Slug of the content source that delivered the post, from the control plane's own record. */
  source: string | null
  meta: unknown
  /** The concurrency token: a run writes only if it is still what the run read (null without an `updatedAt` field). */
  updatedAt: Date | null
  postType: { slug: string } | null
  tags: Term[]
  categories: Term[]
}

/** The post with its source, when the content sources record one (`postProvenance`). */
export async function loadPost ({ db, hooks }: { db: Db, hooks: Hooks }, content: ResolvedContent, id: PostId): Promise<PostRow> {
  const post = await postsOf(db, content).get(id)
  if (!post) throw notFound(`no post ${id}`)
  const source = await hooks.get(postProvenance)?.sourceOf(db, post.id) ?? null
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.body,
    excerpt: post.excerpt ?? '',
    status: post.status ?? '',
    source,
    meta: post.meta,
    updatedAt: post.updatedAt,
    postType: post.postType ? { slug: post.postType.slug } : null,
    tags: post.tags.map(term => ({ name: term.name, slug: term.slug })),
    categories: post.categories.map(term => ({ name: term.name, slug: term.slug })),
  }
}

export const factsOf = (post: PostRow): PostFacts =>
  ({ id: post.id, slug: post.slug, status: post.status, postType: post.postType?.slug ?? null, source: post.source })

/** The fields of a post a run may change, in the order they are reported. */
export const POST_STATE_FIELDS = ['title', 'content', 'excerpt', 'tags', 'categories', 'meta'] as const

export type PostStateField = (typeof POST_STATE_FIELDS)[number]

/** The part of a post a run may change; compared before and after a run, and hashed. */
export type PostState = {
  title: string
  content: string
  excerpt: string
  tags: string[]
  categories: string[]
  meta: Record<string, unknown>
}

/** Which field of the host's field map holds each state field (`content` is the body, always there). */
const MAP_PART: Record<PostStateField, keyof ResolvedContent['fields'] | null> = {
  title: null, content: null, excerpt: 'excerpt', tags: 'tags', categories: 'categories', meta: 'meta',
}

/** The state fields the host's posts have nowhere to keep: a run may edit them, but they are not written. */
export const unwritableFields = (content: ResolvedContent): PostStateField[] =>
  POST_STATE_FIELDS.filter(field => MAP_PART[field] !== null && content.fields[MAP_PART[field]] === null)

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
