import { randomUUID } from 'node:crypto'
import type { Client, Notification } from 'pg'
import { LocalChangeFeed, type ChangeFeed, type ChangeListener, type WorkKind } from './change-feed.ts'

/** The PostgreSQL channel the instances of one database tell each other on. */
const CHANGE_CHANNEL = 'svc_changes'
/** The channel they announce waiting work on; the payload is `<kind> <origin>`. */
const WORK_CHANNEL = 'svc_work'

const FIRST_RETRY_MS = 250
const LAST_RETRY_MS = 10_000

export type PostgresChangeFeedDeps = {
  /** A connection of its own (not one of the pool's): LISTEN holds it for the feed's life. */
  connect: () => Promise<Client>
  /** Runs `NOTIFY` on any connection (the pool's). */
  notify: (channel: string, payload: string) => Promise<void>
  log: (message: string, error?: unknown) => void
}

/**
 * The change feed of instances that share a PostgreSQL database: an announcement reaches this
 * instance's listeners at once and the others' through `NOTIFY`, which each instance hears on a
 * dedicated `LISTEN` connection. That connection is opened at `start()` and opened again whenever it is lost (a restart, a failover), after which the listeners are told once,
 * since a change may have gone by unheard.
 */
export class PostgresChangeFeed implements ChangeFeed {
  readonly #local: LocalChangeFeed
  readonly #deps: PostgresChangeFeedDeps
  /** Tells this instance's own notifications, which PostgreSQL sends back to it too, from the others'. */
  readonly #origin = randomUUID()
  #client: Client | null = null
  #connecting: Promise<void> | null = null
  #retry: NodeJS.Timeout | null = null
  #retryMs = FIRST_RETRY_MS

  constructor (deps: PostgresChangeFeedDeps) {
    this.#deps = deps
    this.#local = new LocalChangeFeed(deps.log)
  }

  announce (): void {
    if (this.#local.closed) return
    this.#local.deliver()
    this.#deps.notify(CHANGE_CHANNEL, this.#origin).catch(error => this.#deps.log('could not tell the other instances of a change', error))
  }

  start (): void {
    void this.#listen()
  }

  announceWork (kind: WorkKind): void {
    if (this.#local.closed) return
    this.#deps.notify(WORK_CHANNEL, `${kind} ${this.#origin}`).catch(error => this.#deps.log(`could not tell the other instances of waiting ${kind} work`, error))
  }

  onWork (kind: WorkKind, listener: ChangeListener): void {
    this.#local.onWork(kind, listener)
  }

  subscribe (listener: ChangeListener): () => void {
    return this.#local.subscribe(listener)
  }

  onClose (ending: () => Promise<void> | void): void {
    this.#local.onClose(ending)
  }

  /** Resolves once the feed listens (or has given up for now and will retry): for tests and for a caller that must not miss the next change. */
  async listening (): Promise<void> {
    await this.#listen()
  }

  async close (): Promise<void> {
    await this.#local.close()
    if (this.#retry) clearTimeout(this.#retry)
    this.#retry = null
    await this.#connecting?.catch(() => {})
    const client = this.#client
    this.#client = null
    await client?.end().catch(() => {})
  }

  #listen (): Promise<void> {
    if (this.#local.closed || this.#client || this.#retry) return Promise.resolve()
    this.#connecting ??= this.#connect().finally(() => { this.#connecting = null })
    return this.#connecting
  }

  async #connect (): Promise<void> {
    let client: Client | null = null
    try {
      client = await this.#deps.connect()
      client.on('notification', (message: Notification) => {
        if (message.channel === CHANGE_CHANNEL && message.payload !== this.#origin) this.#local.deliver()
        const [kind, origin] = message.channel === WORK_CHANNEL ? (message.payload ?? '').split(' ') : []
        if (origin !== undefined && origin !== this.#origin) this.#local.wakeWorkers([kind as WorkKind])
      })
      client.on('error', error => this.#lost(client!, error))
      client.on('end', () => this.#lost(client!))
      // The change channel last: what the connection shows as its query (pg_stat_activity) names the feed.
      await client.query(`LISTEN ${WORK_CHANNEL}`)
      await client.query(`LISTEN ${CHANGE_CHANNEL}`)
      if (this.#local.closed) {
        await client.end().catch(() => {})
        return
      }
      const reconnected = this.#retryMs !== FIRST_RETRY_MS
      this.#client = client
      this.#retryMs = FIRST_RETRY_MS
      if (reconnected) {
        this.#local.deliver()
        this.#local.wakeWorkers()
      }
    } catch (error) {
      await client?.end().catch(() => {})
      this.#scheduleRetry(error)
    }
  }

  #lost (client: Client, error?: unknown): void {
    if (this.#client !== client) return
    this.#client = null
    client.end().catch(() => {})
    this.#scheduleRetry(error ?? new Error('the LISTEN connection ended'))
  }

  #scheduleRetry (error: unknown): void {
    if (this.#local.closed || this.#retry) return
    this.#deps.log(`lost the connection that hears other instances' changes; trying again in ${this.#retryMs} ms`, error)
    this.#retry = setTimeout(() => {
      this.#retry = null
      void this.#listen()
    }, this.#retryMs)
    this.#retry.unref()
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS)
  }
}
