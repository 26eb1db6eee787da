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

/** Keys whose head is looked at in one pass. */
const BATCH = 20
/** Deliveries in one pass, heads and the messages behind them. */
const ROUND_LIMIT = 100
/** Ids per query when looking up heads, well under every database's bound-parameter limit. */
const ID_CHUNK = 500

const DUE_FIELDS = { id: true, topic: true, orderingKey: true, payload: true, attempts: true, nextAttemptAt: true } as const

type DueMessage = { id: number, topic: string, orderingKey: string, payload: unknown, attempts: number, nextAttemptAt: Date | null }
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

  /**
   * One pass over due messages; returns how many were delivered. Only the oldest pending message
   * of each ordering key can be delivered, so those heads are what is looked at: a key held back
   * by a failing peer costs one row, however many messages wait behind it, and every other key
   * and topic keeps flowing. After a delivery the key's next message joins the end of the round.
   */
  async runOnce (): Promise<number> {
    const round = await this.#dueHeads()
    let delivered = 0
    for (let i = 0; i < round.length && i < ROUND_LIMIT; i++) {
      const message = round[i]!
      if (await this.#olderPendingExists(message.id, message.orderingKey) || !await this.#claim(message.id)) continue
      if (!await this.#deliver(message)) continue
      delivered++
      const next = await this.#dueHeadOf(message.orderingKey)
      if (next) round.push(next)
    }
    return delivered
  }

  /** The oldest pending message of each ordering key, when it is due and this worker delivers its topic. */
  async #dueHeads (): Promise<DueMessage[]> {
    const heads = await this.#db.svcOutboxMessage.groupBy({ by: ['orderingKey'], where: { status: 'pending' }, _min: { id: true } })
    const ids = heads.map(head => head._min.id).filter((id): id is number => id !== null).sort((a, b) => a - b)
    const due: DueMessage[] = []
    for (let start = 0; start < ids.length && due.length < BATCH; start += ID_CHUNK) {
      due.push(...await this.#db.svcOutboxMessage.findMany({
        where: { id: { in: ids.slice(start, start + ID_CHUNK) }, topic: { in: Object.keys(this.#handlers) }, nextAttemptAt: { lte: this.#now() } },
        orderBy: { id: 'asc' },
        take: BATCH,
        select: DUE_FIELDS,
      }))
    }
    return due.slice(0, BATCH)
  }

  async #dueHeadOf (orderingKey: string): Promise<DueMessage | null> {
    const head = await this.#db.svcOutboxMessage.findFirst({ where: { orderingKey, status: 'pending' }, orderBy: { id: 'asc' }, select: DUE_FIELDS })
    if (!head || !Object.hasOwn(this.#handlers, head.topic) || head.nextAttemptAt === null) return null
    return head.nextAttemptAt <= this.#now() ? head : null
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
