import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { defaultLog } from '../lib/log.ts'
import { jsonColumn } from '../lib/json-value.ts'
import type { JobStep } from './job-step.ts'
import { ACTIVE_JOB_STATUSES } from './job-status.ts'
import { endJob, type EndedJob } from './end-job.ts'
import { STARTER_FIELDS, type StarterRefusal } from './starter-refusal.ts'
import { WakeTimer } from '../lib/wake-timer.ts'
import { whileRenewing } from '../lib/lease-renewal.ts'

export type JobWorkerOptions = {
  /**
   * The safety poll, in milliseconds: the longest the worker sleeps. It wakes before that on a job
   * started in this process (`kick`) or announced by another instance, and when another instance's
   * lease on a job runs out. @default 5000
   */
  pollMs?: number
  /**
   * How long a job stays with the instance working on it without a sign of life, in milliseconds;
   * renewed every third of it while a batch runs and after each batch, so a job of an instance that
   * died is taken up by another within about this long. @default 4000
   */
  leaseMs?: number
  /** Items one batch takes; the job's progress and lease are written after each batch. @default 25 */
  batchSize?: number
}

type Settings = Required<JobWorkerOptions>

type WorkerDeps = {
  db: Db
  /** The step of each kind of job this process works on. */
  steps: Readonly<Record<string, JobStep>>
  /** Why the job may no longer run as the credential that started it (revoked, lost its scope), or null; asked before each batch. */
  starterRefusal: StarterRefusal
  /** Called once for each job this worker ended, after its row says so (for the audit entry). */
  onEnded: (job: EndedJob) => Promise<void>
  now: () => Date
  log?: (message: string, error?: unknown) => void
}

const MAX_ERROR_CHARS = 500
const CANDIDATES = 10
/** After a run that failed (the database unreachable, say): look again this soon. */
const AFTER_FAILURE_MS = 1000

/**
 * Works on jobs, one at a time per process; several processes may run one each. A job is taken
 * with a conditional update (queued, or its lease expired: its instance died or stalled), worked
 * through in batches, and its lease renewed with each batch's progress, on the condition that this
 * worker still holds it: a worker that lost its lease stops at once, and the one that took the job
 * over resumes from the stored cursor.
 */
export class JobWorker {
  readonly #deps: WorkerDeps
  readonly #settings: Settings
  readonly #log: (message: string, error?: unknown) => void
  /** Names this process in `holder`, so an operator (or a test) can tell which instance works on a job. */
  readonly #id = `${process.pid}:${randomUUID()}`
  readonly #wake = new WakeTimer(() => { void this.kick() })
  /** In how many milliseconds the first lease of another instance runs out, as the last look found them. */
  #nextLeaseEnd = Infinity
  #running: Promise<number> | null = null
  #again = false
  /** After `stop()`, until `start()`: a kick starts nothing. */
  #stopped = false

  constructor (deps: WorkerDeps, options: JobWorkerOptions = {}) {
    this.#deps = deps
    this.#settings = { pollMs: options.pollMs ?? 5000, leaseMs: options.leaseMs ?? 4000, batchSize: Math.max(1, options.batchSize ?? 25) }
    this.#log = deps.log ?? defaultLog
  }

  /** Sleeps until there is something to do; first looks at once for what is waiting (a previous run's, a dead instance's). */
  start (): void {
    this.#stopped = false
    this.#wake.start()
    this.#wake.wakeIn(0)
  }

  async stop (): Promise<void> {
    this.#wake.stop()
    this.#stopped = true
    this.#again = false
    await this.#running
  }

  /**
   * Works on what is waiting now (right after a job was started, say) rather than at the next poll.
   * Resolves with how many jobs this run ended; a kick while a run is under way makes it look again.
   */
  kick (): Promise<number> {
    if (this.#stopped) return Promise.resolve(0)
    if (this.#running) {
      this.#again = true
      return this.#running
    }
    const run = this.#drain().catch(error => {
      this.#log('job run failed', error)
      this.#wake.wakeIn(Math.min(this.#settings.pollMs, AFTER_FAILURE_MS))
      return 0
    })
    this.#running = run.finally(() => { this.#running = null })
    return this.#running
  }

  async #drain (): Promise<number> {
    let ended = 0
    do {
      this.#again = false
      for (let job = await this.#take(); job !== null && !this.#stopped; job = await this.#take()) {
        if (await this.#work(job)) ended++
      }
    } while (this.#again)
    // Asleep until another instance's lease on a job runs out, or the safety poll if sooner.
    this.#wake.wakeIn(Math.min(this.#settings.pollMs, this.#nextLeaseEnd + 1))
    return ended
  }

  /** Takes the oldest job that is waiting or whose lease ran out, or null. */
  async #take (): Promise<number | null> {
    const now = this.#deps.now()
    const active = { status: { in: [...ACTIVE_JOB_STATUSES] }, kind: { in: Object.keys(this.#deps.steps) } }
    const free = { ...active, OR: [{ holder: null }, { heldUntil: null }, { heldUntil: { lt: now } }] }
    // One look at the active jobs: the free ones to take, and when the first lease of another instance runs out.
    const jobs = await this.#deps.db.svcJob.findMany({ where: active, orderBy: { id: 'asc' }, take: CANDIDATES, select: { id: true, startedAt: true, holder: true, heldUntil: true } })
    const held = jobs.flatMap(job => job.holder !== null && job.heldUntil !== null && job.heldUntil >= now ? [job.heldUntil.getTime()] : [])
    this.#nextLeaseEnd = held.length > 0 ? Math.min(...held) - now.getTime() : Infinity
    for (const candidate of jobs.filter(job => job.holder === null || job.heldUntil === null || job.heldUntil < now)) {
      const { count } = await this.#deps.db.svcJob.updateMany({
        where: { id: candidate.id, ...free },
        data: { holder: this.#id, heldUntil: this.#leaseEnd(), status: 'running', ...candidate.startedAt ? {} : { startedAt: now } },
      })
      if (count === 1) return candidate.id
    }
    return null
  }

  /** Keeps the lease while a batch runs: on the condition that this worker still holds the job. */
  async #renew (id: number): Promise<void> {
    await this.#deps.db.svcJob.updateMany({ where: { id, holder: this.#id }, data: { heldUntil: this.#leaseEnd() } })
  }

  #leaseEnd (): Date {
    return new Date(this.#deps.now().getTime() + this.#settings.leaseMs)
  }

  /** Works on the job until it ends, it is cancelled or this worker loses it; true when this worker ended it. */
  async #work (id: number): Promise<boolean> {
    const { db } = this.#deps
    for (;;) {
      const job = await db.svcJob.findUnique({ where: { id }, select: { params: true, cursor: true, tally: true, holder: true, cancelRequested: true, ...STARTER_FIELDS } })
      if (!job || job.holder !== this.#id) return false
      if (job.cancelRequested) return this.#end(id, 'cancelled', null)
      const refused = await this.#deps.starterRefusal(job)
      if (refused !== null) return this.#end(id, 'failed', refused)
      let outcome
      try {
        const step = () => this.#deps.steps[job.kind]!({ id, params: (job.params ?? {}) as Record<string, unknown>, cursor: job.cursor }, this.#settings.batchSize)
        outcome = await whileRenewing(step, this.#settings.leaseMs / 3, () => this.#renew(id))
      } catch (error) {
        this.#log(`job ${id} (${job.kind}) failed`, error)
        return this.#end(id, 'failed', String((error as Error)?.message ?? error).slice(0, MAX_ERROR_CHARS))
      }
      const tally = { ...(job.tally ?? {}) as Record<string, number> }
      for (const [key, count] of Object.entries(outcome.tally)) tally[key] = (tally[key] ?? 0) + count
      const { count } = await db.svcJob.updateMany({
        where: { id, holder: this.#id },
        data: { cursor: outcome.cursor, done: { increment: outcome.done }, tally: jsonColumn(tally), heldUntil: this.#leaseEnd() },
      })
      if (count === 0) return false
      if (outcome.finished) return this.#end(id, 'succeeded', null)
    }
  }

  async #end (id: number, status: 'succeeded' | 'failed' | 'cancelled', error: string | null): Promise<boolean> {
    const ended = await endJob(this.#deps.db, { id, holder: this.#id }, status, error, this.#deps.now())
    if (ended) await this.#deps.onEnded(ended)
    return ended !== null
  }
}
