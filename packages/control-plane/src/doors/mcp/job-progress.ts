import type { ServerContext } from '@modelcontextprotocol/server'
import type { Db } from '../../platform/db/client.ts'
import { ACTIVE_JOB_STATUSES, type JobStatus } from '../../platform/jobs/job-status.ts'

/** How often the job's row is read while a client follows it. */
const POLL_MS = 250
/** How long a call follows its job before it answers where the job stands (the client follows on with `jobs-get`). */
const FOLLOW_MS = 10 * 60_000

/** The job as a `startsJob` operation answers it. */
export type StartedJob = { job_id: number, status: JobStatus, progress: { done: number, total: number } }

const isActive = (status: string) => (ACTIVE_JOB_STATUSES as readonly string[]).includes(status)

/**
 * For a `tools/call` of a `startsJob` tool that asked for progress (`_meta.progressToken`): instead
 * of answering with the job just started, the call stays open and sends
 * `notifications/progress` (`progress` items done of `total`, `message` the status) each time the
 * job advances, on whichever instance works on it, then answers with the job as it ended. The
 * client cancelling the call stops the following, not the job; past `FOLLOW_MS` the answer is
 * where the job stands then.
 */
export async function followJob (db: Db, started: StartedJob, progressToken: string | number, ctx: ServerContext): Promise<StartedJob> {
  const until = Date.now() + FOLLOW_MS
  let job = started
  let told = -1
  for (;;) {
    if (job.progress.done !== told) {
      told = job.progress.done
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress: job.progress.done, total: job.progress.total, message: job.status },
      })
    }
    if (!isActive(job.status) || ctx.mcpReq.signal.aborted || Date.now() > until) return job
    await new Promise(resolve => setTimeout(resolve, POLL_MS))
    const row = await db.svcJob.findUnique({ where: { id: job.job_id }, select: { status: true, done: true, total: true } })
    if (!row) return job
    job = { ...job, status: row.status as JobStatus, progress: { done: row.done, total: row.total } }
  }
}
