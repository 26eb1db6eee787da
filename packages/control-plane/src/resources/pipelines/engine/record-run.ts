import type { Db, Tx } from '../../../platform/db/client.ts'
import { retryOnUniqueViolation } from '../../../platform/db/retry-unique.ts'
import type { ResolvedContent } from '../../../platform/host-contract/content.ts'
import { postsOf } from '../../../platform/host-contract/posts.ts'
import { storedPostId, type PostId } from '../../../platform/host-contract/post-ids.ts'
import { postProvenance } from '../../../kernel/hooks/post-provenance.ts'
import type { Hooks } from '../../../kernel/hooks/hooks.ts'
import type { RunStatus, TriggerKind } from '../values.ts'
import type { StageReport } from './run-stages.ts'
import type { PostRow, PostState } from './post-document.ts'
import { emitEvent } from '../../../platform/events/emit.ts'
import { pipelineRunCompleted } from '../events.ts'
import { RUN_ROW_FIELDS, toRunRow } from '../run-shape.ts'
import { jsonColumn } from '../../../platform/lib/json-value.ts'

/** The post was written by someone else after the run read it; the run starts over on the new version. */
export class PostChanged extends Error {
  constructor () {
    super('the post changed while the run was in progress')
    this.name = 'PostChanged'
  }
}

export type RunRow = {
  source: string | null
  postId: PostId
  recipeId: string
  status: RunStatus
  triggerKind: TriggerKind
  isDryRun: boolean
  changed: boolean
  durationMs: number
  contentHash: string
  message: string
  stages: StageReport[]
  createdAt: Date
  jobId: number | null
}

export type PostWrite = { read: PostRow, next: PostState, fields: readonly (keyof PostState)[], at: Date }

/**
 * Writes the run's result, guarded by the post's `updatedAt` as the run read it: a conditional
 * update is one statement, so of two runs that read the same version only the first writes (on
 * PostgreSQL the second waits for the first's row lock, then finds the version gone). The new
 * `updatedAt` is strictly later than the one read, so two writes in one millisecond still differ.
 * A host whose field map has no `updatedAt` gets the write without the guard.
 */
async function writePost (tx: Tx, hooks: Hooks, content: ResolvedContent, { read, next, fields, at }: PostWrite): Promise<void> {
  const posts = postsOf(tx, content)
  const updatedAt = new Date(Math.max(at.getTime(), (read.updatedAt?.getTime() ?? 0) + 1))
  const terms = fields.includes('tags') || fields.includes('categories')
  const written = await posts.update(read.id, {
    title: next.title,
    body: next.content,
    excerpt: next.excerpt,
    meta: next.meta,
    ...terms ? { tagIds: await posts.ensureTerms('tags', next.tags), categoryIds: await posts.ensureTerms('categories', next.categories) } : {},
  }, { ifUpdatedAt: read.updatedAt, updatedAt })
  if (!written) throw new PostChanged()
  if (fields.includes('content')) await hooks.get(postProvenance)?.bodyRewritten(tx, read.id, next.content)
}

/**
 * The run row, and the post when the run changed it, in one transaction: the post is written
 * whole with the row that records it, or not at all. A term created by another process meanwhile
 * fails its unique slug and the transaction is retried; `PostChanged` goes to the caller.
 */
export async function recordRun ({ db, hooks }: { db: Db, hooks: Hooks }, content: ResolvedContent, run: RunRow, write: PostWrite | null): Promise<number> {
  return retryOnUniqueViolation(() => db.$transaction(async tx => {
    if (write) await writePost(tx, hooks, content, write)
    const row = await tx.svcPipelineRun.create({ data: { ...run, postId: storedPostId(run.postId), stages: jsonColumn(run.stages) }, select: RUN_ROW_FIELDS })
    await emitEvent(tx, pipelineRunCompleted, toRunRow(row, content), { actor: null, at: run.createdAt })
    return row.id
  }))
}
