import type { Db, Tx } from '../../platform/db/client.ts'
import { sha256Hex } from '../../platform/lib/sha256.ts'
import { storedPostId, type PostId } from '../../platform/host-contract/post-ids.ts'
import type { PostProvenance } from '../../kernel/hooks/post-provenance.ts'

/** Which content source delivered a post, under which external id, and its body's hash. */
export type Provenance = { source: string, externalId: string | null, contentHash: string | null }

/** The post a source delivered under this external id, as stored (the host's post may be gone since). */
export async function itemByExternalId (tx: Tx, source: string, externalId: string) {
  return tx.svcContentItem.findUnique({ where: { source_externalId: { source, externalId } }, select: { id: true, postId: true } })
}

export async function provenanceOf (db: Db | Tx, postId: PostId): Promise<Provenance | null> {
  return db.svcContentItem.findUnique({ where: { postId: storedPostId(postId) }, select: { source: true, externalId: true, contentHash: true } })
}

/** The source of each post that has one, by stored post id. */
async function sourcesOf (db: Db, postIds: readonly PostId[]): Promise<Map<string, string>> {
  const rows = await db.svcContentItem.findMany({ where: { postId: { in: postIds.map(storedPostId) } }, select: { postId: true, source: true } })
  return new Map(rows.map(row => [row.postId, row.source]))
}

/**
 * Records where a new post came from. A second delivery of the same external id, processed at the
 * same time, fails the unique (source, externalId) here, and its transaction is retried: it then
 * finds this post and updates it.
 */
export async function recordNewProvenance (tx: Tx, postId: PostId, source: string, externalId: string | null, body: string): Promise<void> {
  await tx.svcContentItem.create({ data: { postId: storedPostId(postId), source, externalId, contentHash: sha256Hex(body) } })
}

/** After a re-ingest updated the post: the hash of its new body. */
export async function recordUpdatedProvenance (tx: Tx, postId: PostId, source: string, externalId: string | null, body: string): Promise<void> {
  const stored = storedPostId(postId)
  const data = { source, externalId, contentHash: sha256Hex(body) }
  await tx.svcContentItem.upsert({ where: { postId: stored }, create: { postId: stored, ...data }, update: data })
}

/** A record whose post was deleted since: the next delivery of that external id creates a new post. */
export async function forgetProvenance (tx: Tx, itemId: number): Promise<void> {
  await tx.svcContentItem.delete({ where: { id: itemId } })
}

/** After a pipeline wrote a post's body: the hash follows, when the post came from a source. */
async function updateContentHash (tx: Tx, postId: PostId, body: string): Promise<void> {
  await tx.svcContentItem.updateMany({ where: { postId: storedPostId(postId) }, data: { contentHash: sha256Hex(body) } })
}

/** What the other resources read of provenance (`postProvenance`). */
export const provenanceService: PostProvenance = {
  sourceOf: async (db, postId) => (await provenanceOf(db, postId))?.source ?? null,
  sourcesOf,
  bodyRewritten: updateContentHash,
}
