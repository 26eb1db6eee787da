import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../db/client.ts'
import type { RawTarget } from '../db/raw-statements.ts'
import type { Log } from '../lib/log.ts'
import type { ResolvedRetention } from './retention-options.ts'
import { releaseLease, takeLease } from './lease.ts'
import { lastPrunedAt } from './last-pruned.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Long enough for a batch and its pause; a holder that dies frees the lease this long after. */
const LEASE_MS = 5 * 60_000
/** Between batches: other writers take the write lock meanwhile (SQLite has only one). */
const PAUSE_MS = 20
/** A prune overdue at start waits this long, so a start (or a restart loop) costs nothing. */
const FIRST_RUN_DELAY_MS = 60_000

export type RulePruned = { name: string, pruned: number, rows: number, oldestAt: Date | null, error: string | null }

/**
 * Prunes what each retention rule says is due, in small batches. Several instances may run one
 * each: a lease in the database lets one prune at a time, and an instance that dies mid-prune
 * leaves work that the next prune (any instance's) finishes.
 */
export class RetentionPruner {
  readonly #target: RawTarget
  readonly #db: Db
  readonly #retention: ResolvedRetention
  readonly #now: () => Date
  readonly #log: Log
  readonly #id = randomUUID()
  #timer: NodeJS.Timeout | null = null
  /** Set from `start` until its first prune is scheduled, so a second `start` meanwhile schedules none. */
  #starting = false
  #running: Promise<RulePruned[] | null> | null = null
  #stopping = false

  constructor (target: RawTarget, retention: ResolvedRetention, options: { now: () => Date, log: Log }) {
    this.#target = target
    this.#db = target.db
    this.#retention = retention
    this.#now = options.now
    this.#log = options.log
  }

  /**
   * Prunes every `intervalMs`, unless that is 0: first when the last prune (any instance's, as the
   * retention state records it) is that old, at the earliest a minute after start; a database never
   * pruned has had nothing old enough for as long as this process has run, so a whole interval later.
   */
  start (): void {
    if (this.#timer || this.#starting || this.#retention.intervalMs === 0) return
    this.#stopping = false
    this.#starting = true
    const next = (delay: number) => {
      this.#starting = false
      if (this.#stopping) return
      this.#timer = setTimeout(() => { void this.runOnce().finally(() => next(this.#retention.intervalMs)) }, delay)
      this.#timer.unref()
    }
    void this.untilDue().then(next, error => {
      this.#log('retention: could not read when the last prune ran', error)
      next(Math.min(FIRST_RUN_DELAY_MS, this.#retention.intervalMs))
    })
  }

  /** In how many milliseconds the first prune after a start falls due. */
  async untilDue (): Promise<number> {
    const { intervalMs } = this.#retention
    const lastAt = await lastPrunedAt(this.#target)
    if (!lastAt) return intervalMs
    return Math.min(intervalMs, Math.max(Math.min(FIRST_RUN_DELAY_MS, intervalMs), lastAt.getTime() + intervalMs - this.#now().getTime()))
  }

  async stop (): Promise<void> {
    this.#stopping = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.#running
  }

  /** One prune of every rule; null when another instance holds the lease. */
  runOnce (): Promise<RulePruned[] | null> {
    this.#running ??= this.#prune().finally(() => { this.#running = null })
    return this.#running
  }

  async #prune (): Promise<RulePruned[] | null> {
    if (!await takeLease(this.#db, this.#id, this.#now(), LEASE_MS)) return null
    try {
      const report: RulePruned[] = []
      for (const { rule, days } of this.#retention.rules) {
        if (this.#stopping) break
        report.push(await this.#pruneRule(rule, days))
      }
      return report
    } finally {
      await releaseLease(this.#db, this.#id).catch(error => this.#log('could not release the retention lease', error))
    }
  }

  async #pruneRule (rule: ResolvedRetention['rules'][number]['rule'], days: number | null): Promise<RulePruned> {
    const now = this.#now()
    let pruned = 0
    let error: string | null = null
    try {
      if (days !== null) {
        const before = new Date(now.getTime() - days * DAY_MS)
        for (;;) {
          const count = await rule.pruneBatch(this.#db, before, this.#retention.batchSize)
          pruned += count
          if (count < this.#retention.batchSize || this.#stopping) break
          // Renewed between batches so a long backlog keeps it, and a lost lease stops the prune.
          if (!await takeLease(this.#db, this.#id, this.#now(), LEASE_MS)) break
          await sleep(PAUSE_MS)
        }
      }
    } catch (cause) {
      // One rule's failure (a table not migrated, a lock timeout) never keeps the others from pruning.
      this.#log(`retention: could not prune ${rule.name}`, cause)
      error = cause instanceof Error ? cause.name : 'error'
    }
    const measure = await rule.measure(this.#db).catch(cause => {
      this.#log(`retention: could not measure ${rule.name}`, cause)
      return { rows: 0, oldestAt: null }
    })
    const state = { rows: measure.rows, oldestAt: measure.oldestAt, lastPrunedAt: now, lastPruned: pruned }
    await this.#db.svcRetentionState.upsert({ where: { key: rule.name }, create: { key: rule.name, ...state }, update: state })
      .catch(cause => this.#log(`retention: could not record the state of ${rule.name}`, cause))
    return { name: rule.name, pruned, ...measure, error }
  }
}
