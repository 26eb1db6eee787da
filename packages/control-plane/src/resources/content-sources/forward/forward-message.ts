import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Tx } from '../../../platform/db/client.ts'
import { enqueueOutbox } from '../../../platform/outbox/enqueue.ts'
import type { SourceRow } from '../columns.ts'
import { postSnapshot } from './post-snapshot.ts'
import type { PostsGateway } from '../../../platform/host-contract/posts.ts'
import type { PostId } from '../../../platform/host-contract/post-ids.ts'

export const FORWARD_TOPIC = 'content_sources.forward'

/** One queue per source, so its forwards arrive in order. */
export const forwardOrderingKey = (sourceId: string) => `content_source:${sourceId}`

/** What the outbox keeps for one forward: no secret, those are looked up at delivery. */
export const forwardPayload = z.object({
  source_id: z.string(),
  /** Stable across retries, so the receiver can drop duplicates (it is the webhook-id). */
  forward_id: z.string(),
  body: z.record(z.string(), z.unknown()),
})

/** Enqueues the forward of an ingested post in the transaction that wrote it; one queue per source, in order. */
export async function enqueueForward (tx: Tx, posts: PostsGateway, source: SourceRow, postId: PostId, event: 'post.created' | 'post.updated', now: Date): Promise<void> {
  const forwardId = `fwd_${randomUUID()}`
  const body = {
    type: event,
    id: forwardId,
    timestamp: now.toISOString(),
    source: { id: source.id, slug: source.slug },
    post: await postSnapshot(tx, posts, postId),
  }
  await enqueueOutbox(tx, {
    topic: FORWARD_TOPIC,
    orderingKey: forwardOrderingKey(source.id),
    payload: { source_id: source.id, forward_id: forwardId, body } satisfies z.input<typeof forwardPayload>,
  }, now)
}
