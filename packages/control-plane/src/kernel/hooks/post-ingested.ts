import type { ControlPlaneRuntime } from '../runtime.ts'
import type { PostId } from '../../platform/host-contract/post-ids.ts'
import { defineHook } from './define-hook.ts'

/** What the work after a delivered post may use of the runtime: an ingest route's or an operation's. */
export type PostIngestedDeps = Pick<ControlPlaneRuntime, 'db' | 'options' | 'modules' | 'state' | 'hooks'> & Partial<Pick<ControlPlaneRuntime, 'log'>>

/** The post a delivery created or updated, and whether it is published now. */
export type IngestedPost = { postId: PostId, published: boolean }

/**
 * A post a content source delivered was written, and committed: provided by pipelines, which runs
 * the recipes the post's `ingest` (and `publish`) triggers select. It never throws: the post stands
 * whatever runs after it.
 */
export const postIngested = defineHook<(deps: PostIngestedDeps, post: IngestedPost) => Promise<void>>('post_ingested')
