import type { Tx } from '../../../db/client.ts'
import { isoOrNull } from '../../../lib/timestamps.ts'

/** The post as forwarded: what it looked like right after this delivery was ingested. */
export async function postSnapshot (tx: Tx, postId: number) {
  const post = await tx.post.findUniqueOrThrow({
    where: { id: postId },
    include: {
      postType: { select: { slug: true } },
      tags: { select: { slug: true, name: true }, orderBy: { id: 'asc' } },
      categories: { select: { slug: true, name: true }, orderBy: { id: 'asc' } },
    },
  })
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    status: post.status,
    author: post.author,
    post_type: post.postType?.slug ?? null,
    tags: post.tags,
    categories: post.categories,
    meta: post.meta,
    external_id: post.externalId,
    content_hash: post.contentHash,
    created_at: isoOrNull(post.createdAt),
    updated_at: isoOrNull(post.updatedAt),
  }
}
