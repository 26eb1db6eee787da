import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import type { RawTarget } from '../db/raw-statements.ts'
import { readPendingHeads } from './pending-heads.ts'
import { retryDelayMs, type BackoffOptions } from './backoff.ts'
import { OutboxGiveUp } from './give-up.ts'
import { defaultLog } from '../lib/log.ts'
import { WakeTimer } from '../lib/wake-timer.ts'
import { idlePollOf, SafetyPoll } from '../lib/safety-poll.ts'
import { whileRenewing } from '../lib/lease-renewal.ts'
import { withOutboxAttemptSpan } from './attempt-span.ts'

/** Delivers one message; throw to have it retried later, `OutboxGiveUp` to stop. */
export type OutboxHandler = (payload: Record<string, unknown>, message: { id: number, attempts: number }) => Promise<void>

export type OutboxWorkerOptions = BackoffOptions & {
  /**
   * The safety poll, in milliseconds: the longest the worker sleeps. It wakes before that on a
   * message enqueued in this process (`kick`) or announced by another instance, when a retry falls
   * due, and when another instance's claim runs out. @default 5000
   */
  pollMs?: number
  /**
   * The safety poll of an idle worker, in milliseconds: after each look that finds no message the
   * worker sleeps twice as long as before, from `pollMs` up to this, then wakes every this long on
   * the process's idle beat, with the other workers of the same interval. @default 12 × pollMs
   */
  idlePollMs?: number
  /**
   * How long a claimed message stays reserved for this worker, in milliseconds; renewed every third
   * of it while its delivery runs, so a message of an instance that died is delivered by another
   * within about this long. @default 4000
   */
  leaseMs?: number
  /**
   * Ordering keys (destinations) delivered at once by this process; each key is still delivered
   * one message at a time, in order, so a slow or dead destination holds one of these and no more.
   * @default 8
   */
  concurrency?: number
  now?: () => Date
  log?: (message: string, error?: unknown) => void
}

/** Keys whose head is looked at in one scan. */
const BATCH = 100
/** Messages one key delivers in a row before its lane gives way to the others. */
const LANE_LIMIT = 100
/** Ids per query when looking up heads, well under every database's bound-parameter limit. */
const ID_CHUNK = 500

const DUE_FIELDS = { id: true, topic: true, orderingKey: true, payload: true, attempts: true, nextAttemptAt: true, lockedUntil: true, lockedBy: true, traceparent: true } as const

type DueMessage = { id: number, topic: string, orderingKey: string, payload: unknown, attempts: number, nextAttemptAt: Date | null, lockedUntil: Date | null, lockedBy: string | null, traceparent: string | null }
/** After a run that failed (the database unreachable, say): look again this soon. */
const AFTER_FAILURE_MS = 1000
/** After a scan that left due heads to lanes still busy: look again this soon. */
const BUSY_RETRY_MS = 250
const MAX_ERROR_CHARS = 500

type Backoff = Required<BackoffOptions>

/**
 * Delivers outbox messages. Several processes may run one each: a message is claimed with a
 * conditional update, so only one worker holds it, and a message waits while an older message
 * with the same ordering key is still pending, so each key is delivered in order. Within a
 * process, up to `concurrency` keys are delivered at once, each in a lane of its own.
 */
export class OutboxWorker {
  readonly #target: RawTarget
  readonly #db: Db
  readonly #handlers: Record<string, OutboxHandler>
  readonly #options: Required<Omit<OutboxWorkerOptions, 'now' | 'log' | 'idlePollMs'>>
  readonly #retry: Record<string, Backoff>
  readonly #now: () => Date
  readonly #log: (message: string, error?: unknown) => void
  /** Names this process in `lockedBy`, so an operator (or the fault run) can tell which instance holds a message. */
  readonly #id = `${process.pid}:${randomUUID()}`
  /** Ordering keys with a lane in flight in this process. */
  readonly #busyKeys = new Set<string>()
  readonly #inFlight = new Set<Promise<number>>()
  readonly #wake = new WakeTimer(() => { void this.#look() })
  readonly #safety: SafetyPoll

  /** `target`: the database, and for the worker's look, which SQL it speaks and the host's driver adapter. */
  constructor (target: RawTarget, handlers: Record<string, OutboxHandler>, options: OutboxWorkerOptions = {}, retry: Record<string, BackoffOptions> = {}) {
    this.#target = target
    this.#db = target.db
    this.#handlers = handlers
    this.#options = {
      baseMs: options.baseMs ?? 1000,
      maxMs: options.maxMs ?? 3_600_000,
      maxAttempts: options.maxAttempts ?? 10,
      pollMs: options.pollMs ?? 5000,
      leaseMs: options.leaseMs ?? 4000,
      concurrency: Math.max(1, options.concurrency ?? 8),
    }
    this.#retry = Object.fromEntries(Object.entries(retry).map(([topic, backoff]) => [topic, {
      baseMs: backoff.baseMs ?? this.#options.baseMs,
      maxMs: backoff.maxMs ?? this.#options.maxMs,
      maxAttempts: backoff.maxAttempts ?? this.#options.maxAttempts,
    }]))
    this.#safety = new SafetyPoll(this.#options.pollMs, idlePollOf(this.#options.pollMs, options.idlePollMs))
    this.#now = options.now ?? (() => new Date())
    this.#log = options.log ?? defaultLog
  }

  /** Sleeps until there is something to do; first looks at once for what is due (a previous run's, a dead instance's). */
  start (): void {
    this.#wake.start()
    this.#wake.wakeIn(0)
  }

  async stop (): Promise<void> {
    this.#wake.stop()
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight])
  }

  /**
   * Delivers what is due now, without waiting for the next poll (e.g. right after enqueueing).
   * Lanes already in flight (a slow destination) do not hold its own scan back: their keys are
   * skipped, every other key starts. The promise joins them too, resolving with how many messages
   * its lanes and those delivered; callers that do not await it (after a commit, the poll) never wait.
   */
  kick (): Promise<number> {
    this.#safety.reset()
    return this.#look()
  }

  #look (): Promise<number> {
    const earlier = [...this.#inFlight]
    const run = this.runOnce().catch(error => {
      this.#log('outbox run failed', error)
      this.#wake.wakeIn(Math.min(this.#options.pollMs, AFTER_FAILURE_MS))
      return 0
    })
    this.#inFlight.add(run)
    void run.finally(() => this.#inFlight.delete(run))
    return Promise.all([run, ...earlier]).then(counts => counts.reduce((sum, n) => sum + n, 0))
  }

  /**
   * One scan over due messages; returns how many were delivered. Only the oldest pending message
   * of each ordering key can be delivered, so those heads are what is looked at: a key held back
   * by a failing peer costs one row, however many messages wait behind it. Each key gets a lane
   * that delivers its head and then the messages behind it, while free lanes remain.
   */
  async runOnce (): Promise<number> {
    const { due, later } = await this.#heads()
    const queue = due.filter(head => !this.#busyKeys.has(head.orderingKey))
    const free = this.#options.concurrency - this.#busyKeys.size
    if (queue.length > free) this.#wake.wakeIn(BUSY_RETRY_MS)
    const runners = Array.from({ length: Math.max(0, Math.min(free, queue.length)) }, async () => {
      let delivered = 0
      for (let head = this.#nextFree(queue); head; head = this.#nextFree(queue)) {
        try {
          delivered += await this.#lane(head)
        } finally {
          this.#busyKeys.delete(head.orderingKey)
        }
      }
      return delivered
    })
    const delivered = (await Promise.all(runners)).reduce((sum, n) => sum + n, 0)
    this.#wakeAt(later, due.length > 0 || later !== null)
    return delivered
  }

  /** Sleeps until `at` (a retry falling due, another instance's claim running out), or the safety poll if sooner; the poll waits longer after each look that `found` nothing. */
  #wakeAt (at: Date | null, found: boolean): void {
    this.#wake.wakeIn(Math.min(this.#safety.after(found), at === null ? Infinity : at.getTime() - this.#now().getTime()))
  }

  /** Takes the next head whose key no lane holds, and holds it. */
  #nextFree (queue: DueMessage[]): DueMessage | undefined {
    while (queue.length > 0) {
      const head = queue.shift()!
      if (this.#busyKeys.has(head.orderingKey)) continue
      this.#busyKeys.add(head.orderingKey)
      return head
    }
    return undefined
  }

  /** Delivers a key's head and what is due behind it, in order, stopping at the first failure. */
  async #lane (head: DueMessage): Promise<number> {
    let delivered = 0
    for (let message: DueMessage | null = head; message && delivered < LANE_LIMIT; message = await this.#dueHeadOf(message.orderingKey)) {
      if (await this.#olderPendingExists(message.id, message.orderingKey)) break
      if (!await this.#claim(message.id)) {
        // Another instance claimed it meanwhile: should that instance die, its claim runs out within a lease.
        this.#wake.wakeIn(this.#options.leaseMs)
        break
      }
      const outcome = await whileRenewing(() => this.#deliver(message), this.#options.leaseMs / 3, () => this.#renew(message.id))
      if (outcome === 'retry') break
      if (outcome === 'delivered') delivered++
    }
    return delivered
  }

  /**
   * The oldest pending message of each ordering key whose topic this worker delivers: `due` (up to
   * a batch), and when the first of the others falls due — a retry's time, or the end of another
   * instance's claim.
   */
  async #heads (): Promise<{ due: DueMessage[], later: Date | null }> {
    const ids = await readPendingHeads(this.#target)
    const now = this.#now()
    const due: DueMessage[] = []
    let later: Date | null = null
    const dueAt = (message: DueMessage): Date | null => {
      const claimEnd = message.lockedBy !== null && message.lockedBy !== this.#id && message.lockedUntil !== null && message.lockedUntil > now ? message.lockedUntil : null
      if (message.nextAttemptAt === null) return null
      return claimEnd !== null && claimEnd > message.nextAttemptAt ? claimEnd : message.nextAttemptAt
    }
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const chunk = await this.#db.svcOutboxMessage.findMany({
        where: { id: { in: ids.slice(start, start + ID_CHUNK) }, topic: { in: Object.keys(this.#handlers) } },
        orderBy: { id: 'asc' },
        select: DUE_FIELDS,
      })
      for (const message of chunk) {
        const at = dueAt(message)
        if (at === null) continue
        if (at <= now) {
          if (due.length < BATCH) due.push(message)
          else later = now
        } else if (later === null || at < later) later = at
      }
    }
    return { due, later }
  }

  /** Keeps the claim while the delivery runs: on the condition that this worker still holds it. */
  async #renew (id: number): Promise<void> {
    await this.#db.svcOutboxMessage.updateMany({
      where: { id, status: 'pending', lockedBy: this.#id },
      data: { lockedUntil: new Date(this.#now().getTime() + this.#options.leaseMs) },
    })
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

  #deliver (message: DueMessage): Promise<'delivered' | 'failed' | 'retry'> {
    return withOutboxAttemptSpan(message, () => this.#attempt(message))
  }

  async #attempt (message: DueMessage): Promise<'delivered' | 'failed' | 'retry'> {
    const handler = this.#handlers[message.topic]!
    try {
      await handler((message.payload ?? {}) as Record<string, unknown>, { id: message.id, attempts: message.attempts })
    } catch (error) {
      const attempts = message.attempts + 1
      const backoff = this.#retry[message.topic] ?? this.#options
      const failed = error instanceof OutboxGiveUp || attempts >= backoff.maxAttempts
      const nextAttemptAt = new Date(this.#now().getTime() + retryDelayMs(attempts, backoff))
      await this.#db.svcOutboxMessage.update({
        where: { id: message.id },
        data: {
          attempts,
          status: failed ? 'failed' : 'pending',
          nextAttemptAt,
          lastError: String((error as Error)?.message ?? error).slice(0, MAX_ERROR_CHARS),
          lockedUntil: null,
          lockedBy: null,
        },
      })
      if (!failed) this.#wakeAt(nextAttemptAt, true)
      // A message given up is out of the way: the ones behind it may go now.
      return failed ? 'failed' : 'retry'
    }
    await this.#db.svcOutboxMessage.update({
      where: { id: message.id },
      data: { status: 'delivered', attempts: message.attempts + 1, deliveredAt: this.#now(), lockedUntil: null, lockedBy: null, lastError: null },
    })
    return 'delivered'
  }
}
