import type { Tx } from '../../../platform/db/client.ts'
import { isoOrNull } from '../../../platform/lib/timestamps.ts'
import type { PostsGateway, Term } from '../../../platform/host-contract/posts.ts'
import type { PostId } from '../../../platform/host-contract/post-ids.ts'
import { provenanceOf } from '../provenance.ts'

const named = (terms: readonly Term[]) => terms.map(term => ({ slug: term.slug, name: term.name }))

/** The post as forwarded: what it looked like right after this delivery was ingested. Parts the host's posts lack are null. */
export async function postSnapshot (tx: Tx, posts: PostsGateway, postId: PostId) {
  const post = await posts.get(postId)
  if (!post) throw new Error(`post ${postId} was not found right after it was written`)
  const provenance = await provenanceOf(tx, postId)
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.body,
    excerpt: post.excerpt,
    status: post.status,
    author: post.author,
    post_type: post.postType?.slug ?? null,
    tags: named(post.tags),
    categories: named(post.categories),
    meta: post.meta ?? null,
    external_id: provenance?.externalId ?? null,
    content_hash: provenance?.contentHash ?? null,
    created_at: isoOrNull(post.createdAt),
    updated_at: isoOrNull(post.updatedAt),
  }
}
