import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import type { ServerContext } from '@modelcontextprotocol/server'
import type { Db } from '../../platform/db/client.ts'
import { ACTIVE_JOB_STATUSES, type JobAnswer, type JobStatus } from '../../platform/jobs/job-status.ts'

/** How often the job's row is read while a client follows it. */
const POLL_MS = 250
/** How long a call follows its job before it answers where the job stands (the client follows on with `jobs-get`). */
const FOLLOW_MS = 10 * 60_000

const isActive = (status: string) => (ACTIVE_JOB_STATUSES as readonly string[]).includes(status)

/**
 * For a `tools/call` of a `startsJob` tool that asked for progress (`_meta.progressToken`): instead
 * of answering with the job just started, the call stays open and sends
 * `notifications/progress` (`progress` items done of `total`, `message` the status) each time the
 * job advances, on whichever instance works on it, then answers with the job as it ended. The
 * client cancelling the call stops the following, not the job; past `FOLLOW_MS`, or once `stopping`
 * aborts, the answer is where the job stands then.
 */
async function followJob (db: Db, started: JobAnswer, progressToken: string | number, ctx: ServerContext, stopping: AbortSignal): Promise<JobAnswer> {
  const until = Date.now() + FOLLOW_MS
  const ended = AbortSignal.any([ctx.mcpReq.signal, stopping])
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
    if (!isActive(job.status) || ended.aborted || Date.now() > until) return job
    const waited = await sleep(POLL_MS, true, { signal: ended }).catch(() => false)
    if (!waited) return job
    const row = await db.svcJob.findUnique({ where: { id: job.job_id }, select: { status: true, done: true, total: true } })
    if (!row) return job
    job = { ...job, status: row.status as JobStatus, progress: { done: row.done, total: row.total } }
  }
}

/**
 * The calls of one runtime that follow their job's progress (`followJob`). Its `stop()` ends them
 * (`endAll`, before the MCP handler closes): each answers its client with the job as it stands,
 * which the client follows on with `jobs-get`, and nothing reads the job after the stop.
 */
export class JobFollowers {
  readonly #stopping = new AbortController()
  readonly #following = new Set<Promise<JobAnswer>>()

  follow (db: Db, started: JobAnswer, progressToken: string | number, ctx: ServerContext): Promise<JobAnswer> {
    const following = followJob(db, started, progressToken, ctx, this.#stopping.signal)
    this.#following.add(following)
    void following.finally(() => this.#following.delete(following)).catch(() => {})
    return following
  }

  async endAll (): Promise<void> {
    this.#stopping.abort()
    await Promise.allSettled([...this.#following])
    // The answers are written to their streams in the promise jobs after; a turn of the event loop lets them out.
    await nextTurn()
  }
}
