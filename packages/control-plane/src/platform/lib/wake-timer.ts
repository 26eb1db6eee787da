/**
 * One timer for a background worker that sleeps until it has something to do: each `wakeIn`
 * asks to be woken within that long, and the earliest asked for wins. Unreferenced, so an idle
 * worker never keeps the process alive.
 */
export class WakeTimer {
  readonly #wake: () => void
  #timer: NodeJS.Timeout | null = null
  #at = Infinity
  #stopped = true

  constructor (wake: () => void) {
    this.#wake = wake
  }

  /** Wakes the worker within `ms` (at once for 0), unless an earlier wake is already set. */
  wakeIn (ms: number): void {
    if (this.#stopped) return
    const at = performance.now() + Math.max(0, ms)
    if (this.#timer && at >= this.#at) return
    if (this.#timer) clearTimeout(this.#timer)
    this.#at = at
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#at = Infinity
      this.#wake()
    }, Math.max(0, ms))
    this.#timer.unref()
  }

  /** Forgets the wake asked for, if any; later `wakeIn` calls set timers as before. */
  cancel (): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#at = Infinity
  }

  /** Lets `wakeIn` set timers (a new timer starts stopped). */
  start (): void {
    this.#stopped = false
  }

  stop (): void {
    this.#stopped = true
    this.cancel()
  }
}
