import type { Db } from '../db/client.ts'
import { toAuditRow, type AuditRecord } from './record.ts'

type Pending = { row: ReturnType<typeof toAuditRow>, settle: (error?: unknown) => void }

/**
 * Group commit for the audit log: entries recorded in the same turn of the event loop are written
 * with one statement. Each caller still waits for its own entry, so a response is never sent
 * before its audit row exists; under load this saves a database round trip per request.
 */
export class AuditWriter {
  readonly #db: Db
  #queue: Pending[] = []

  constructor (db: Db) {
    this.#db = db
  }

  record (entry: AuditRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#queue.length === 0) setImmediate(() => { void this.#flush() })
      this.#queue.push({ row: toAuditRow(entry), settle: error => error === undefined ? resolve() : reject(error) })
    })
  }

  async #flush (): Promise<void> {
    const batch = this.#queue
    this.#queue = []
    try {
      await this.#db.svcAuditEntry.createMany({ data: batch.map(pending => pending.row) })
      for (const pending of batch) pending.settle()
    } catch {
      // One row the database refuses must not take the rest of the batch with it.
      await Promise.all(batch.map(pending => this.#db.svcAuditEntry.create({ data: pending.row, select: { id: true } })
        .then(() => pending.settle(), error => pending.settle(error))))
    }
  }
}
