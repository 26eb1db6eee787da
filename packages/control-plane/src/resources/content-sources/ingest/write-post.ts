import type { Tx } from '../../../db/client.ts'
import { sha256Hex } from '../../../lib/sha256.ts'
import { sameJson } from '../../../lib/canonical-json.ts'
import { firstFreeSlug, slugify } from '../../../lib/slugify.ts'
import type { SourceRow } from '../columns.ts'
import type { MappedFields } from './extract-fields.ts'
import { DeliveryRejected } from './delivery-rejected.ts'
import { ensureTerms, UNCATEGORIZED, type TermKind } from '../../../content/terms.ts'
import { cleanContent } from './source-transforms.ts'

export type PostAction = 'created' | 'updated' | 'unchanged' | 'skipped'

export type PostInput = { fields: MappedFields, author: number | null, meta: Record<string, unknown> }

type Term = { id: number, slug: string }

async function freePostSlug (tx: Tx, postTypeId: number, base: string): Promise<string> {
  const rows = await tx.post.findMany({ where: { postTypeId, slug: { startsWith: base } }, select: { slug: true } })
  return firstFreeSlug(base, new Set(rows.map(row => row.slug)))
}

/** The post's terms of one kind after this delivery, per taxonomy_apply_mode and target_tag_slug. */
async function termIds (tx: Tx, source: SourceRow, kind: TermKind, names: string[], current: Term[]): Promise<number[]> {
  const stripping = kind === 'category' && source.stripUncategorized
  const delivered = source.taxonomyApplyMode === 'none' ? [] : names.filter(name => !stripping || slugify(name) !== UNCATEGORIZED)
  const added = await ensureTerms(tx, kind, delivered)
  if (kind === 'tag' && source.targetTagSlug) added.push(...await ensureTerms(tx, 'tag', [source.targetTagSlug]))
  const kept = source.taxonomyApplyMode === 'replace' ? [] : current.filter(term => !stripping || term.slug !== UNCATEGORIZED)
  return [...new Set([...kept.map(term => term.id), ...added])]
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every(id => b.includes(id))
const connect = (ids: number[]) => ids.map(id => ({ id }))

/**
 * Creates the post a delivery describes, or, when its external id was ingested before, skips or
 * updates that post per reingest_mode. An update keeps the post's slug and status.
 */
export async function writePost (tx: Tx, source: SourceRow, { fields, author, meta }: PostInput): Promise<{ action: PostAction, postId: number }> {
  const postType = await tx.postType.findUnique({ where: { slug: source.targetPostType }, select: { id: true } })
  if (!postType) throw new DeliveryRejected(`the target post type "${source.targetPostType}" does not exist`)
  const existing = fields.externalId === null ? null : await tx.post.findFirst({
    where: { source: source.slug, externalId: fields.externalId },
    select: {
      id: true, title: true, content: true, excerpt: true, author: true, meta: true,
      tags: { select: { id: true, slug: true } }, categories: { select: { id: true, slug: true } },
    },
  })
  if (existing && source.reingestMode !== 'update') return { action: 'skipped', postId: existing.id }

  const content = cleanContent(source, fields.content)
  const tags = await termIds(tx, source, 'tag', fields.tags, existing?.tags ?? [])
  const categories = await termIds(tx, source, 'category', fields.categories, existing?.categories ?? [])

  if (!existing) {
    const post = await tx.post.create({
      data: {
        title: fields.title,
        slug: await freePostSlug(tx, postType.id, slugify(fields.slug ?? '') || slugify(fields.title) || 'post'),
        content,
        excerpt: fields.excerpt ?? '',
        status: source.defaultPostStatus,
        author,
        postType: { connect: { id: postType.id } },
        tags: { connect: connect(tags) },
        categories: { connect: connect(categories) },
        meta: meta as never,
        source: source.slug,
        externalId: fields.externalId,
        contentHash: sha256Hex(content),
      },
      select: { id: true },
    })
    return { action: 'created', postId: post.id }
  }

  const next = {
    title: fields.title,
    content,
    excerpt: fields.excerpt ?? existing.excerpt,
    author,
    meta: { ...(existing.meta as Record<string, unknown> | null), ...meta },
  }
  const unchanged = next.title === existing.title && next.content === existing.content && next.excerpt === existing.excerpt &&
    next.author === existing.author && sameJson(next.meta, existing.meta) &&
    sameIds(tags, existing.tags.map(term => term.id)) && sameIds(categories, existing.categories.map(term => term.id))
  if (unchanged) return { action: 'unchanged', postId: existing.id }
  await tx.post.update({
    where: { id: existing.id },
    data: {
      ...next,
      meta: next.meta as never,
      contentHash: sha256Hex(content),
      tags: { set: connect(tags) },
      categories: { set: connect(categories) },
    },
  })
  return { action: 'updated', postId: existing.id }
}
