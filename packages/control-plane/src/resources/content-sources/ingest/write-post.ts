import type { Tx } from '../../../platform/db/client.ts'
import type { ResolvedContent } from '../../../platform/host-contract/content.ts'
import { postsOf, type HostPost, type PostsGateway, type Term } from '../../../platform/host-contract/posts.ts'
import { postIdFromStored, type PostId } from '../../../platform/host-contract/post-ids.ts'
import type { AuthorValue } from '../../../platform/host-contract/post-author.ts'
import { sameJson } from '../../../platform/lib/canonical-json.ts'
import type { PostStatus } from '../../../platform/html/post-statuses.ts'
import { firstFreeSlug, slugify } from '../../../platform/lib/slugify.ts'
import type { SourceRow } from '../columns.ts'
import type { MappedFields } from './extract-fields.ts'
import { DeliveryRejected } from './delivery-rejected.ts'
import { UNCATEGORIZED } from '../../../platform/html/terms.ts'
import { forgetProvenance, itemByExternalId, recordNewProvenance, recordUpdatedProvenance } from '../provenance.ts'

export type PostAction = 'created' | 'updated' | 'unchanged' | 'skipped'

/** `body` is the delivered HTML already cleaned and sanitised (see `cleanContent`). */
export type PostInput = { fields: MappedFields, body: string, author: AuthorValue | null, meta: Record<string, unknown> }

type TermKind = 'tags' | 'categories'

async function freePostSlug (posts: PostsGateway, postTypeId: unknown, base: string): Promise<string> {
  return firstFreeSlug(base, await posts.slugsStartingWith(base, postTypeId))
}

/** The post's terms of one kind after this delivery, per taxonomy_apply_mode and target_tag_slug. */
async function termIds (posts: PostsGateway, source: SourceRow, kind: TermKind, names: string[], current: Term[]): Promise<unknown[]> {
  const stripping = kind === 'categories' && source.stripUncategorized
  const delivered = source.taxonomyApplyMode === 'none' ? [] : names.filter(name => !stripping || slugify(name) !== UNCATEGORIZED)
  const added = await posts.ensureTerms(kind, delivered)
  if (kind === 'tags' && source.targetTagSlug) added.push(...await posts.ensureTerms('tags', [source.targetTagSlug]))
  const kept = source.taxonomyApplyMode === 'replace' ? [] : current.filter(term => !stripping || term.slug !== UNCATEGORIZED)
  return [...new Set([...kept.map(term => term.id), ...added])]
}

const sameIds = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every(id => b.includes(id))

/** The post this source delivered under the external id before, when it still exists. */
async function previousPost (tx: Tx, posts: PostsGateway, source: SourceRow, externalId: string | null): Promise<HostPost | null> {
  if (externalId === null) return null
  const item = await itemByExternalId(tx, source.slug, externalId)
  if (!item) return null
  const post = await posts.get(postIdFromStored(posts.content, item.postId))
  if (!post) await forgetProvenance(tx, item.id)
  return post
}

async function targetPostTypeId (posts: PostsGateway, source: SourceRow): Promise<unknown> {
  if (!posts.has('postType')) return null
  const postType = await posts.findTerm('postType', source.targetPostType)
  if (!postType) throw new DeliveryRejected(`the target post type "${source.targetPostType}" does not exist`)
  return postType.id
}

/**
 * Creates the post a delivery describes, or, when its external id was ingested before, skips or
 * updates that post per reingest_mode. An update keeps the post's slug and status. Parts of a
 * post the host's field map leaves out (excerpt, tags, …) are not written.
 */
export async function writePost (tx: Tx, content: ResolvedContent, source: SourceRow, { fields, body, author, meta }: PostInput): Promise<{ action: PostAction, postId: PostId }> {
  const posts = postsOf(tx, content)
  const postTypeId = await targetPostTypeId(posts, source)
  const existing = await previousPost(tx, posts, source, fields.externalId)
  if (existing && source.reingestMode !== 'update') return { action: 'skipped', postId: existing.id }

  const tags = await termIds(posts, source, 'tags', fields.tags, existing?.tags ?? [])
  const categories = await termIds(posts, source, 'categories', fields.categories, existing?.categories ?? [])

  if (!existing) {
    const postId = await posts.create({
      title: fields.title,
      slug: await freePostSlug(posts, postTypeId, slugify(fields.slug ?? '') || slugify(fields.title) || 'post'),
      body,
      excerpt: fields.excerpt ?? '',
      status: source.defaultPostStatus as PostStatus,
      author,
      postTypeId,
      tagIds: tags,
      categoryIds: categories,
      meta,
    })
    await recordNewProvenance(tx, postId, source.slug, fields.externalId, body)
    return { action: 'created', postId }
  }

  const next = {
    title: fields.title,
    body,
    excerpt: fields.excerpt ?? existing.excerpt ?? '',
    author,
    meta: { ...(existing.meta as Record<string, unknown> | null), ...meta },
  }
  const authorUnchanged = !content.fields.author || next.author === existing.author
  const unchanged = next.title === existing.title && next.body === existing.body && (!content.fields.excerpt || next.excerpt === existing.excerpt) &&
    authorUnchanged && (!content.fields.meta || sameJson(next.meta, existing.meta)) &&
    sameIds(tags, existing.tags.map(term => term.id)) && sameIds(categories, existing.categories.map(term => term.id))
  if (unchanged) return { action: 'unchanged', postId: existing.id }
  await posts.update(existing.id, { ...next, tagIds: tags, categoryIds: categories })
  await recordUpdatedProvenance(tx, existing.id, source.slug, fields.externalId, body)
  return { action: 'updated', postId: existing.id }
}
