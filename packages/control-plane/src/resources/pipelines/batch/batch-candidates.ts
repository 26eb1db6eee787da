import type { Db } from '../../../platform/db/client.ts'
import type { ResolvedContent } from '../../../platform/host-contract/content.ts'
import { postsOf, type PostSelection } from '../../../platform/host-contract/posts.ts'
import { postIdFromStored, type PostId } from '../../../platform/host-contract/post-ids.ts'
import { hostPostId } from '../post-id.ts'
import type { BatchParams } from './batch-params.ts'

/** Where the next batch starts: after a content item (by source), or after a post id. */
type Cursor = { item: number } | { post: PostId }

/** One batch's candidates: the posts to run, how many candidates it looked at, and where the next one starts. */
export type Candidates = { posts: PostId[], looked: number, cursor: string | null, finished: boolean }

function selectionOf (content: ResolvedContent, filter: BatchParams['filter']): PostSelection {
  return {
    ids: filter.post_ids?.map((id, index) => hostPostId(content, id, `filter.post_ids.${index}`)),
    status: filter.status,
    since: filter.since,
    until: filter.until,
  }
}

/**
 * How many candidates the filter has: with a source, the posts it delivered (those the other
 * filters leave out count as passed over); otherwise the posts the filter selects.
 */
export async function countCandidates (db: Db, content: ResolvedContent, filter: BatchParams['filter']): Promise<number> {
  const selection = selectionOf(content, filter)
  if (filter.source === undefined) return postsOf(db, content).countSelected(selection)
  // Checks the other filters against the field map now, rather than in the job's first batch.
  await postsOf(db, content).countSelected({ ...selection, ids: [] })
  return db.svcContentItem.count({ where: { source: filter.source } })
}

/**
 * The next `limit` candidates after `cursor`, in a stable order: a source's deliveries by their
 * record's id, or the selected posts by id. A source's posts are then narrowed by the other filters.
 */
export async function nextCandidates (db: Db, content: ResolvedContent, filter: BatchParams['filter'], cursor: string | null, limit: number): Promise<Candidates> {
  const at = cursor === null ? null : JSON.parse(cursor) as Cursor
  const selection = selectionOf(content, filter)
  const posts = postsOf(db, content)
  if (filter.source === undefined) {
    const ids = await posts.selectedIdsAfter(selection, at && 'post' in at ? at.post : null, limit)
    const last = ids.at(-1)
    return { posts: ids, looked: ids.length, cursor: last === undefined ? cursor : JSON.stringify({ post: last }), finished: ids.length < limit }
  }
  const items = await db.svcContentItem.findMany({
    where: { source: filter.source, ...at && 'item' in at ? { id: { gt: at.item } } : {} },
    select: { id: true, postId: true },
    orderBy: { id: 'asc' },
    take: limit,
  })
  const delivered = items.map(item => postIdFromStored(content, item.postId))
  const kept = delivered.length === 0 ? [] : await posts.selectedIdsAfter({ ...selection, ids: delivered }, null, delivered.length)
  const last = items.at(-1)
  return { posts: kept, looked: items.length, cursor: last === undefined ? cursor : JSON.stringify({ item: last.id }), finished: items.length < limit }
}
