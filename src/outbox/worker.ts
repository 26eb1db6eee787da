import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { retryDelayMs, type BackoffOptions } from './backoff.ts'
import { defaultLog } from '../lib/log.ts'

/** Delivers one message; throw to have it retried later. */
export type OutboxHandler = (payload: Record<string, unknown>, message: { id: number, attempts: number }) => Promise<void>

export type OutboxWorkerOptions = BackoffOptions & {
  /** How often due messages are looked for, in milliseconds. @default 1000 */
  pollMs?: number
  /** How long a claimed message stays reserved for this worker, in milliseconds. @default 60000 */
  leaseMs?: number
  now?: () => Date
  log?: (message: string, error?: unknown) => void
}

const BATCH = 20
const MAX_ERROR_CHARS = 500

/**
 * Delivers outbox messages. Several processes may run one each: a message is claimed with a
 * conditional update, so only one worker holds it, and a message waits while an older message
 * with the same ordering key is still pending, so each key is delivered in order.
 */
export class OutboxWorker {
  readonly #db: Db
  readonly #handlers: Record<string, OutboxHandler>
  readonly #options: Required<Omit<OutboxWorkerOptions, 'now' | 'log'>>
  readonly #now: () => Date
  readonly #log: (message: string, error?: unknown) => void
  readonly #id = randomUUID()
  #timer: NodeJS.Timeout | null = null
  #running: Promise<number> | null = null

  constructor (db: Db, handlers: Record<string, OutboxHandler>, options: OutboxWorkerOptions = {}) {
    this.#db = db
    this.#handlers = handlers
    this.#options = {
      baseMs: options.baseMs ?? 1000,
      maxMs: options.maxMs ?? 3_600_000,
      maxAttempts: options.maxAttempts ?? 10,
      pollMs: options.pollMs ?? 1000,
      leaseMs: options.leaseMs ?? 60_000,
    }
    this.#now = options.now ?? (() => new Date())
    this.#log = options.log ?? defaultLog
  }

  start (): void {
    if (this.#timer) return
    this.#timer = setInterval(() => { this.kick() }, this.#options.pollMs)
    this.#timer.unref()
  }

  async stop (): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#running
  }

  /** Delivers what is due now, without waiting for the next poll (e.g. right after enqueueing). */
  kick (): Promise<number> {
    this.#running ??= this.runOnce()
      .catch(error => { this.#log('outbox run failed', error); return 0 })
      .finally(() => { this.#running = null })
    return this.#running
  }

  /** One pass over due messages; returns how many were delivered. */
  async runOnce (): Promise<number> {
    const now = this.#now()
    const due = await this.#db.svcOutboxMessage.findMany({
      where: { status: 'pending', topic: { in: Object.keys(this.#handlers) }, nextAttemptAt: { lte: now } },
      orderBy: { id: 'asc' },
      take: BATCH,
      select: { id: true, topic: true, orderingKey: true, payload: true, attempts: true },
    })
    let delivered = 0
    const blockedKeys = new Set<string>()
    for (const message of due) {
      if (blockedKeys.has(message.orderingKey)) continue
      if (await this.#olderPendingExists(message.id, message.orderingKey) || !await this.#claim(message.id)) {
        blockedKeys.add(message.orderingKey)
        continue
      }
      if (await this.#deliver(message)) delivered++
      else blockedKeys.add(message.orderingKey)
    }
    return delivered
  }

  async #olderPendingExists (id: number, orderingKey: string): Promise<boolean> {
    return await this.#db.svcOutboxMessage.count({ where: { orderingKey, status: 'pending', id: { lt: id } } }) > 0
  }

  async #claim (id: number): Promise<boolean> {
    const now = this.#now()
    const { count } = await this.#db.svcOutboxMessage.updateMany({
      where: { id, status: 'pending', OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
      data: { lockedUntil: new Date(now.getTime() + this.#options.leaseMs), lockedBy: this.#id },
    })
    return count === 1
  }

  async #deliver (message: { id: number, topic: string, payload: unknown, attempts: number }): Promise<boolean> {
    const handler = this.#handlers[message.topic]!
    try {
      await handler((message.payload ?? {}) as Record<string, unknown>, { id: message.id, attempts: message.attempts })
    } catch (error) {
      const attempts = message.attempts + 1
      const failed = attempts >= this.#options.maxAttempts
      await this.#db.svcOutboxMessage.update({
        where: { id: message.id },
        data: {
          attempts,
          status: failed ? 'failed' : 'pending',
          nextAttemptAt: new Date(this.#now().getTime() + retryDelayMs(attempts, this.#options)),
          lastError: String((error as Error)?.message ?? error).slice(0, MAX_ERROR_CHARS),
          lockedUntil: null,
          lockedBy: null,
        },
      })
      return false
    }
    await this.#db.svcOutboxMessage.update({
      where: { id: message.id },
      data: { status: 'delivered', attempts: message.attempts + 1, deliveredAt: this.#now(), lockedUntil: null, lockedBy: null, lastError: null },
    })
    return true
  }
}
