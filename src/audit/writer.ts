import { toAuditRow, type AuditRecord, type AuditRow } from './record.ts'
import { insertAuditRows, type AuditTarget } from './insert-rows.ts'

type Pending = { row: AuditRow, settle: (error?: unknown) => void }

/**
 * Group commit for the audit log: one INSERT at a time, carrying every entry recorded while the
 * previous one ran (or, when idle, in the same turn of the event loop). The busier the server,
 * the more rows per statement. Each caller still waits for its own entry, so a response is never
 * sent before its audit row exists: an audit read after a response sees it, on any instance.
 */
export class AuditWriter {
  readonly #target: AuditTarget
  #queue: Pending[] = []
  #scheduled = false
  #writing: Promise<void> | undefined

  constructor (target: AuditTarget) {
    this.#target = target
  }

  record (entry: AuditRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ row: toAuditRow(entry), settle: error => error === undefined ? resolve() : reject(error) })
      this.#schedule()
    })
  }

  /** Resolves once every entry recorded so far is written (or refused). For shutdown. */
  async drain (): Promise<void> {
    while (this.#queue.length > 0 || this.#writing) {
      this.#write()
      await this.#writing
    }
  }

  #schedule (): void {
    if (this.#scheduled || this.#writing) return
    this.#scheduled = true
    setImmediate(() => {
      this.#scheduled = false
      this.#write()
    })
  }

  #write (): void {
    if (this.#writing || this.#queue.length === 0) return
    const batch = this.#queue
    this.#queue = []
    this.#writing = this.#flush(batch).finally(() => {
      this.#writing = undefined
      if (this.#queue.length > 0) this.#schedule()
    })
  }

  async #flush (batch: Pending[]): Promise<void> {
    try {
      await insertAuditRows(this.#target, batch.map(pending => pending.row))
      for (const pending of batch) pending.settle()
    } catch {
      // One row the database refuses must not take the rest of the batch with it; each is
      // tried alone, through the Prisma client in case the adapter itself was the trouble.
      const alone = { ...this.#target, adapter: null }
      await Promise.all(batch.map(pending => insertAuditRows(alone, [pending.row])
        .then(() => pending.settle(), error => pending.settle(error))))
    }
  }
}
