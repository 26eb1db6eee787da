import type { Db } from '../platform/db/client.ts'
import type { Identity } from '../platform/auth/identity.ts'
import { startJob, type JobOrder } from '../platform/jobs/start-job.ts'
import type { JobAnswer } from '../platform/jobs/job-status.ts'

/** What of the call starting a job it records and wakes: the operation context's parts. */
type JobCaller = { db: Db, identity: Identity, channel: string, now: () => Date, kickJobs: () => void }

/**
 * `context.startJob`: queues a job of `kind` (the operation that starts it) as the call's caller,
 * through its door, wakes the job workers, and answers what a `startsJob` operation returns.
 */
export async function startCallJob (caller: JobCaller, kind: string, order: JobOrder): Promise<JobAnswer> {
  const job = await startJob(caller.db, { kind, ...order, identity: caller.identity, channel: caller.channel, now: caller.now() })
  caller.kickJobs()
  return { job_id: job.id, status: job.status, progress: { done: job.done, total: job.total } }
}
