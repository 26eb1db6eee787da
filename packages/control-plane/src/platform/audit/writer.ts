import { toAuditRow, type AuditRecord, type AuditRow } from './record.ts'
import { insertAuditRows, type AuditTarget } from './insert-rows.ts'
import { isDatabaseUnavailable } from '../db/connection-error.ts'

/**
 * How long an entry waits for a database that went away (a restart, a failover) before it is given
 * up: the call it records has already happened, so it must not be answered without its entry.
 */
const AUDIT_UNAVAILABLE_PATIENCE_MS = 30_000
const FIRST_WAIT_MS = 100
const LONGEST_WAIT_MS = 2_000

type Pending = { row: AuditRow, resolve: () => void, reject: (error: unknown) => void }

/**
 * Group commit for the audit log: one INSERT in flight at a time, and every entry recorded while
 * it is in flight goes into the next one. Each caller still waits for its own entry, so a
 * response is never sent before its audit row is committed (an audit read after a response sees
 * it, on any instance). Calls in flight together share one commit: on PostgreSQL one WAL flush
 * for the lot instead of one each (docs/performance.md, "Commits per call").
 */
export class AuditWriter {
  readonly #target: AuditTarget
  readonly #now: () => Date
  #queue: Pending[] = []
  readonly #flushing = new Set<Promise<void>>()
  readonly #patienceMs: number

  /** `now`: the handler clock, so an entry's `at` is the time its operation saw. */
  constructor (target: AuditTarget, now: () => Date, patienceMs = AUDIT_UNAVAILABLE_PATIENCE_MS) {
    this.#target = target
    this.#now = now
    this.#patienceMs = patienceMs
  }

  record (entry: AuditRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      // While a batch is being written the entry waits for it to end (#startFlush runs again then).
      if (this.#queue.length === 0 && this.#flushing.size === 0) setImmediate(() => this.#startFlush())
      this.#queue.push({ row: toAuditRow(entry, this.#now()), resolve, reject })
    })
  }

  /** Resolves once every entry recorded so far is written (or refused). For shutdown. */
  async drain (): Promise<void> {
    while (this.#queue.length > 0 || this.#flushing.size > 0) {
      if (this.#queue.length > 0) this.#startFlush()
      await Promise.all(this.#flushing)
    }
  }

  #startFlush (): void {
    if (this.#queue.length === 0 || this.#flushing.size > 0) return
    const flush = this.#flush(this.#queue)
    this.#queue = []
    this.#flushing.add(flush)
    void flush.finally(() => {
      this.#flushing.delete(flush)
      this.#startFlush()
    })
  }

  async #flush (batch: Pending[]): Promise<void> {
    try {
      await this.#insertPatiently(this.#target, batch.map(pending => pending.row))
      for (const pending of batch) pending.resolve()
    } catch {
      // One row the database refuses must not take the rest of the batch with it; each is
      // tried alone, through the Prisma client in case the adapter itself was the trouble.
      const alone = { ...this.#target, adapter: null }
      await Promise.all(batch.map(pending => this.#insertPatiently(alone, [pending.row])
        .then(() => pending.resolve(), error => pending.reject(error))))
    }
  }

  /** Inserts, trying again with backoff while the database is unreachable, up to the patience. */
  async #insertPatiently (target: AuditTarget, rows: AuditRow[]): Promise<void> {
    const deadline = Date.now() + this.#patienceMs
    for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
      try {
        return await insertAuditRows(target, rows)
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() + wait > deadline) throw error
        await new Promise(resolve => setTimeout(resolve, wait))
      }
    }
  }
}
