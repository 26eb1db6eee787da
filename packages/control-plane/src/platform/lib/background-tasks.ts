import type { Log } from './log.ts'

/**
 * Work a runtime does beside its requests (recounting kept totals, moving a watermark): at most
 * one task per key at a time, and all of it awaited when the runtime stops.
 */
export class BackgroundTasks {
  readonly #running = new Map<string, Promise<void>>()
  readonly #log: Log

  constructor (log: Log) {
    this.#log = log
  }

  /** Starts `work` unless the task of this key is under way; a failure is logged, with `what` it was doing. */
  run (key: string, what: string, work: () => Promise<void>): void {
    if (this.#running.has(key)) return
    const started = work()
      .catch(error => this.#log(what, error))
      .finally(() => this.#running.delete(key))
    this.#running.set(key, started)
  }

  /** Resolves once the task of `key` is done, or, without a key, once no task runs. */
  async settled (key?: string): Promise<void> {
    if (key !== undefined) return this.#running.get(key)
    while (this.#running.size > 0) await Promise.all(this.#running.values())
  }
}
