import type { Db, Tx } from '../../../db/client.ts'
import { retryOnUniqueViolation } from '../../../db/retry-unique.ts'
import { sha256Hex } from '../../../lib/sha256.ts'
import { ensureTerms } from '../../../content/terms.ts'
import type { RunStatus, TriggerKind } from '../values.ts'
import type { StageReport } from './run-stages.ts'
import type { PostRow, PostState } from './post-document.ts'

/** The post was written by someone else after the run read it; the run starts over on the new version. */
export class PostChanged extends Error {
  constructor () {
    super('the post changed while the run was in progress')
    this.name = 'PostChanged'
  }
}

export type RunRow = {
  source: string | null
  postId: number
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
}

export type PostWrite = { read: PostRow, next: PostState, fields: readonly (keyof PostState)[], at: Date }

const connect = (ids: number[]) => ids.map(id => ({ id }))

/**
 * Writes the run's result, guarded by the post's `updatedAt` as the run read it: a conditional
 * update is one statement, so of two runs that read the same version only the first writes (on
 * PostgreSQL the second waits for the first's row lock, then finds the version gone). The new
 * `updatedAt` is strictly later than the one read, so two writes in one millisecond still differ.
 */
async function writePost (tx: Tx, { read, next, fields, at }: PostWrite): Promise<void> {
  const updatedAt = new Date(Math.max(at.getTime(), (read.updatedAt?.getTime() ?? 0) + 1))
  const { count } = await tx.post.updateMany({
    where: { id: read.id, updatedAt: read.updatedAt },
    data: { title: next.title, content: next.content, excerpt: next.excerpt, meta: next.meta as never, contentHash: sha256Hex(next.content), updatedAt },
  })
  if (count === 0) throw new PostChanged()
  if (!fields.includes('tags') && !fields.includes('categories')) return
  await tx.post.update({
    where: { id: read.id },
    data: {
      tags: { set: connect(await ensureTerms(tx, 'tag', next.tags)) },
      categories: { set: connect(await ensureTerms(tx, 'category', next.categories)) },
      updatedAt,
    },
  })
}

/**
 * The run row, and the post when the run changed it, in one transaction: the post is written
 * whole with the row that records it, or not at all. A term created by another process meanwhile
 * fails its unique slug and the transaction is retried; `PostChanged` goes to the caller.
 */
export async function recordRun (db: Db, run: RunRow, write: PostWrite | null): Promise<number> {
  return retryOnUniqueViolation(() => db.$transaction(async tx => {
    if (write) await writePost(tx, write)
    const row = await tx.svcPipelineRun.create({ data: { ...run, stages: run.stages as never }, select: { id: true } })
    return row.id
  }))
}
