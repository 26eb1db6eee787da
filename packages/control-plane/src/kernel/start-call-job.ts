import type { OperationContext } from './registry/operation-context.ts'
import { startJob } from '../platform/jobs/start-job.ts'
import type { JobAnswer } from '../platform/jobs/job-status.ts'

/** What an operation says of the job it starts; who starts it and through which door, the call knows. */
export type JobOrder = {
  /** What it works on, e.g. a recipe: one job per kind and target runs at a time (409 `conflict` naming it). */
  target: string
  params: Record<string, unknown>
  /** The items it will take care of, known when it starts. */
  total: number
}

/**
 * `context.startJob`: queues a job of `kind` (the operation that starts it) as the call's caller,
 * through its door, wakes the job workers, and answers what a `startsJob` operation returns.
 */
export async function startCallJob (context: Pick<OperationContext, 'db' | 'identity' | 'channel' | 'now' | 'kickJobs'>, kind: string, order: JobOrder): Promise<JobAnswer> {
  const job = await startJob(context.db, { kind, ...order, identity: context.identity, channel: context.channel, now: context.now() })
  context.kickJobs()
  return { job_id: job.id, status: job.status, progress: { done: job.done, total: job.total } }
}
