import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import type { RawTarget } from '../db/raw-statements.ts'
import { defaultLog } from '../lib/log.ts'
import { jsonColumn } from '../lib/json-value.ts'
import type { JobStep } from './job-step.ts'
import { ACTIVE_JOB_STATUSES } from './job-status.ts'
import { readActiveJobs } from './active-jobs.ts'
import { endJob, type EndedJob } from './end-job.ts'
import { STARTER_FIELDS, type StarterRefusal } from './starter-refusal.ts'
import { WakeTimer } from '../lib/wake-timer.ts'
import { idlePollOf, SafetyPoll } from '../lib/safety-poll.ts'
import { whileRenewing } from '../lib/lease-renewal.ts'
import { withJobBatchSpan } from './batch-span.ts'
import { instruments } from '../tracing/instruments.ts'

export type JobWorkerOptions = {
  /**
   * The safety poll, in milliseconds: the longest the worker sleeps. It wakes before that on a job
   * started in this process (`kick`) or announced by another instance, and when another instance's
   * lease on a job runs out. @default 5000
   */
  pollMs?: number
  /**
   * The safety poll of an idle worker, in milliseconds: after each look that finds no job the
   * worker sleeps twice as long as before, from `pollMs` up to this, then wakes every this long on
   * the process's idle beat, with the other workers of the same interval. @default 12 × pollMs
   */
  idlePollMs?: number
  /**
   * How long a job stays with the instance working on it without a sign of life, in milliseconds;
   * renewed every third of it while a batch runs and after each batch, so a job of an instance that
   * died is taken up by another within about this long. @default 4000
   */
  leaseMs?: number
  /** Items one batch takes; the job's progress and lease are written after each batch. @default 25 */
  batchSize?: number
}

type Settings = Required<Omit<JobWorkerOptions, 'idlePollMs'>>

type WorkerDeps = {
  /** The database, and for the worker's look, which SQL it speaks and the host's driver adapter. */
  target: RawTarget
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

/** What a look for free jobs saw: in how many milliseconds the first lease held elsewhere runs out (null: not known from it), and how many jobs were active. */
type FreeLook = { untilLeaseEnd: number | null, active: number }

/** What became of a job after one of its batches. */
type BatchOutcome = 'more' | 'ended' | 'left'

/**
 * Works on jobs in batches, several processes at once. A job is taken with a conditional update
 * (queued, or its lease ran out: its instance died or stalled) and worked on one batch at a time,
 * round robin with every other job this worker holds, its lease renewed with each batch's progress
 * on the condition that this worker still holds it: a worker that lost its lease leaves the job at
 * once, and the one that took it over resumes from the stored cursor. Before each batch the worker
 * looks for jobs that have come free, so a job of an instance that died joins the round within a
 * batch of its lease running out, however long the jobs already held here still have to go.
 */
export class JobWorker {
  readonly #deps: WorkerDeps
  readonly #db: Db
  readonly #settings: Settings
  readonly #log: (message: string, error?: unknown) => void
  /** Names this process in `holder`, so an operator (or a test) can tell which instance works on a job. */
  readonly #id = `${process.pid}:${randomUUID()}`
  readonly #wake = new WakeTimer(() => { void this.#look() })
  readonly #safety: SafetyPoll
  /** The jobs this worker holds, in the order of their next batch. */
  readonly #held: number[] = []
  /** The job whose batch runs now, out of `#held` meanwhile. */
  #current: number | null = null
  #running: Promise<number> | null = null
  #again = false
  /** After `stop()`, until `start()`: a kick starts nothing. */
  #stopped = false

  constructor (deps: WorkerDeps, options: JobWorkerOptions = {}) {
    this.#deps = deps
    this.#db = deps.target.db
    this.#settings = { pollMs: options.pollMs ?? 5000, leaseMs: options.leaseMs ?? 4000, batchSize: Math.max(1, options.batchSize ?? 25) }
    this.#safety = new SafetyPoll(this.#settings.pollMs, idlePollOf(this.#settings.pollMs, options.idlePollMs))
    this.#log = deps.log ?? defaultLog
  }

  /** Sleeps until there is something to do; first looks at once for what is waiting (a previous run's, a dead instance's). */
  start (): void {
    this.#stopped = false
    this.#wake.start()
    this.#wake.wakeIn(0)
  }

  /** Ends the batch under way, then lets go of every job held here, so another instance takes them up at once. */
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
    this.#safety.reset()
    return this.#look()
  }

  #look (): Promise<number> {
    if (this.#stopped) return Promise.resolve(0)
    if (this.#running) {
      this.#again = true
      return this.#running
    }
    // Every run ends by asking for its next wake, so one asked for before it is stale: an idle
    // beat due just after a kick would look again at once, and then once more a poll later.
    this.#wake.cancel()
    const run = whileRenewing(() => this.#drain(), this.#settings.leaseMs / 3, () => this.#renewHeld()).catch(error => {
      this.#log('job run failed', error)
      this.#wake.wakeIn(Math.min(this.#settings.pollMs, AFTER_FAILURE_MS))
      return 0
    })
    this.#running = run.finally(() => { this.#running = null })
    return this.#running
  }

  async #drain (): Promise<number> {
    let ended = 0
    // When the first lease held elsewhere runs out, and whether any job was active, as the last look for free jobs saw them.
    let look: FreeLook = { untilLeaseEnd: null, active: 0 }
    try {
      do {
        this.#again = false
        while (!this.#stopped) {
          look = await this.#takeFree()
          const id = this.#held.shift()
          if (id === undefined) break
          this.#current = id
          const outcome = await this.#batch(id).finally(() => { this.#current = null })
          if (outcome === 'more') this.#held.push(id)
          else if (outcome === 'ended') ended++
        }
      } while (this.#again && !this.#stopped)
    } finally {
      if (this.#held.length > 0) await this.#release()
    }
    if (this.#stopped) return ended
    // Asleep until another instance's lease on a job runs out, or the safety poll if sooner.
    const untilLeaseEnd = look.untilLeaseEnd ?? await this.#untilNextLeaseEnd()
    this.#wake.wakeIn(Math.min(this.#safety.after(ended > 0 || look.active > 0), untilLeaseEnd + 1))
    return ended
  }

  /** The jobs of the kinds this process works on that have not ended. */
  #active () {
    return { status: { in: [...ACTIVE_JOB_STATUSES] }, kind: { in: Object.keys(this.#deps.steps) } }
  }

  #free (now: Date) {
    return { ...this.#active(), OR: [{ holder: null }, { heldUntil: null }, { heldUntil: { lt: now } }] }
  }

  /**
   * Takes every job that is waiting or whose lease ran out (oldest first) into the round. Reads the
   * active jobs themselves, so that while there are few (an idle site: none) the one query also
   * says in how many milliseconds the first lease runs out, which it answers (null when it read
   * only some) with how many it read, and the safety poll costs one query.
   */
  async #takeFree (): Promise<FreeLook> {
    const now = this.#deps.now()
    const free = this.#free(now)
    const active = await readActiveJobs(this.#deps.target, Object.keys(this.#deps.steps), CANDIDATES + 1)
    const complete = active.length <= CANDIDATES
    // `free`'s three conditions, on rows already read.
    const isFree = (job: { holder: string | null, heldUntil: Date | null }) => job.holder === null || job.heldUntil === null || job.heldUntil < now
    const leaseEnds = active.flatMap(job => isFree(job) ? [] : [job.heldUntil!.getTime() - now.getTime()])
    const candidates = complete ? active.filter(isFree) : await this.#db.svcJob.findMany({ where: free, orderBy: { id: 'asc' }, take: CANDIDATES, select: { id: true, startedAt: true } })
    for (const candidate of candidates) {
      const { count } = await this.#db.svcJob.updateMany({
        where: { id: candidate.id, ...free },
        data: { holder: this.#id, heldUntil: this.#leaseEnd(), status: 'running', ...candidate.startedAt ? {} : { startedAt: now } },
      })
      if (count === 1) this.#held.push(candidate.id)
    }
    return { untilLeaseEnd: complete ? Math.min(Infinity, ...leaseEnds) : null, active: active.length }
  }

  /** In how many milliseconds the first lease another instance holds on a job runs out. */
  async #untilNextLeaseEnd (): Promise<number> {
    const now = this.#deps.now()
    const next = await this.#db.svcJob.findFirst({
      where: { ...this.#active(), heldUntil: { gte: now } },
      orderBy: { heldUntil: 'asc' },
      select: { heldUntil: true },
    })
    return next?.heldUntil ? next.heldUntil.getTime() - now.getTime() : Infinity
  }

  /** Keeps the leases of every job held here while one of them has its batch. */
  async #renewHeld (): Promise<void> {
    const ids = this.#current === null ? this.#held : [this.#current, ...this.#held]
    if (ids.length > 0) await this.#db.svcJob.updateMany({ where: { id: { in: ids }, holder: this.#id }, data: { heldUntil: this.#leaseEnd() } })
  }

  /** On stop: the jobs held here are free at once, for a live instance to take up. */
  async #release (): Promise<void> {
    const ids = this.#held.splice(0)
    await this.#db.svcJob.updateMany({ where: { id: { in: ids }, holder: this.#id }, data: { heldUntil: this.#deps.now() } })
  }

  #leaseEnd (): Date {
    return new Date(this.#deps.now().getTime() + this.#settings.leaseMs)
  }

  /** One batch of the job: whether it has more to do, ended here, or was left (cancelled elsewhere, taken over, gone). */
  async #batch (id: number): Promise<BatchOutcome> {
    const db = this.#db
    const job = await db.svcJob.findUnique({ where: { id }, select: { params: true, cursor: true, tally: true, holder: true, cancelRequested: true, traceparent: true, ...STARTER_FIELDS } })
    if (!job || job.holder !== this.#id) return 'left'
    if (job.cancelRequested) return this.#end(id, 'cancelled', null)
    const refused = await this.#deps.starterRefusal(job)
    if (refused !== null) return this.#end(id, 'failed', refused)
    let outcome
    try {
      outcome = await withJobBatchSpan({ id, ...job }, () => this.#deps.steps[job.kind]!({ id, params: (job.params ?? {}) as Record<string, unknown>, cursor: job.cursor }, this.#settings.batchSize))
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
    if (count === 0) return 'left'
    return outcome.finished ? this.#end(id, 'succeeded', null) : 'more'
  }

  async #end (id: number, status: 'succeeded' | 'failed' | 'cancelled', error: string | null): Promise<BatchOutcome> {
    const ended = await endJob(this.#db, { id, holder: this.#id }, status, error, this.#deps.now())
    if (ended) {
      instruments().jobsEnded.add(1, { 'svc.job.kind': ended.kind, 'svc.job.status': status })
      await this.#deps.onEnded(ended)
    }
    return ended === null ? 'left' : 'ended'
  }
}
