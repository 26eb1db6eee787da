import type { Db, Tx } from '../../platform/db/client.ts'
import type { PostId } from '../../platform/host-contract/post-ids.ts'
import { defineHook } from './define-hook.ts'

/** Which content source delivered a post, as the source that delivered it recorded. */
export type PostProvenance = {
  /** Slug of the content source that delivered the post; null for a post written by hand. */
  sourceOf: (db: Db | Tx, postId: PostId) => Promise<string | null>
  /** The source of each post that has one, by stored post id. */
  sourcesOf: (db: Db, postIds: readonly PostId[]) => Promise<ReadonlyMap<string, string>>
  /** The post's body was rewritten in `tx` (by a pipeline run): the recorded hash of its body follows, when a source delivered it. */
  bodyRewritten: (tx: Tx, postId: PostId, body: string) => Promise<void>
}

/** Provided by content sources; pipelines read a post's source (a recipe may select by it) and keep its hash current. */
export const postProvenance = defineHook<PostProvenance>('post_provenance')
