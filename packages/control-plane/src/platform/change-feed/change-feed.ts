import { instruments } from '../tracing/instruments.ts'

/** Told that what callers may run has changed somewhere (on this instance or, where instances share a database, another). */
export type ChangeListener = () => void

/** Background work an instance may take up: outbox messages, jobs. */
export type WorkKind = 'outbox' | 'jobs'

/**
 * Where a runtime hears that what callers may run has changed — a module switched, a role's
 * capabilities, a key or grant revoked — from whichever instance changed it, so the connected
 * clients it holds streams for can refresh their lists. It carries no detail: a listener re-reads.
 */
export interface ChangeFeed {
  /** Starts hearing other instances (with the runtime's background work). */
  start (): void
  /** Tells every instance's listeners, this one's at once. */
  announce (): void
  /** Registers a listener; the function it answers removes it (idempotent). */
  subscribe (listener: ChangeListener): () => void
  /**
   * Tells the other instances that work of `kind` is waiting, so the one with a worker idle takes
   * it up now rather than at its safety poll. This instance's own worker is kicked by the caller.
   */
  announceWork (kind: WorkKind): void
  /** Registers what wakes this instance's worker of `kind` when another instance announces work. */
  onWork (kind: WorkKind, listener: ChangeListener): void
  /** Registers what to end when the feed closes (the streams fed by it). */
  onClose (ending: () => Promise<void> | void): void
  /** Ends what `onClose` registered and stops listening; announcing afterwards does nothing. */
  close (): Promise<void>
}

/** The listeners of one process, which the feeds that reach other instances are built on. */
export class LocalChangeFeed implements ChangeFeed {
  readonly #listeners = new Set<ChangeListener>()
  readonly #workListeners = new Map<WorkKind, ChangeListener[]>()
  readonly #endings: Array<() => Promise<void> | void> = []
  readonly #log: (message: string, error?: unknown) => void
  #closed = false

  constructor (log: (message: string, error?: unknown) => void) {
    this.#log = log
  }

  get closed (): boolean {
    return this.#closed
  }

  start (): void {}

  /** No other instance to tell. */
  announceWork (): void {}

  onWork (kind: WorkKind, listener: ChangeListener): void {
    this.#workListeners.set(kind, [...this.#workListeners.get(kind) ?? [], listener])
  }

  /** Wakes this process's workers of `kinds` (every kind registered, by default), as another instance's announcement does; one that throws does not keep the others from waking. */
  wakeWorkers (kinds: Iterable<WorkKind> = this.#workListeners.keys()): void {
    for (const kind of kinds) {
      for (const listener of this.#workListeners.get(kind) ?? []) {
        try {
          listener()
        } catch (error) {
          this.#log(`a ${kind} worker could not be woken`, error)
        }
      }
    }
  }

  announce (): void {
    this.deliver()
  }

  /** Calls every listener; one that throws does not keep the others from hearing. */
  deliver (): void {
    if (this.#closed) return
    for (const listener of [...this.#listeners]) {
      try {
        listener()
      } catch (error) {
        this.#log('a listener of the change feed failed', error)
      }
    }
  }

  subscribe (listener: ChangeListener): () => void {
    // A wrapper per subscription, so the same function subscribed twice is removed once per call.
    const entry: ChangeListener = () => listener()
    this.#listeners.add(entry)
    // Every listener is a change stream (an MCP session's list-changed notifications).
    instruments().changeStreamsOpen.add(1)
    return () => {
      if (this.#listeners.delete(entry)) instruments().changeStreamsOpen.add(-1)
    }
  }

  onClose (ending: () => Promise<void> | void): void {
    this.#endings.push(ending)
  }

  async close (): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#listeners.clear()
    const endings = this.#endings.splice(0)
    await Promise.all(endings.map(async ending => {
      try {
        await ending()
      } catch (error) {
        this.#log('could not end a stream fed by the change feed', error)
      }
    }))
  }
}
