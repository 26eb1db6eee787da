/**
 * How long a background worker sleeps when nothing is due at a known time: `pollMs` after a look
 * that found work, then twice as long after each look that found none, up to `idlePollMs`. The
 * worker hears of new work without it — a kick in this process, another instance's announcement
 * through the change feed — so an idle site wakes about once a minute, not every few seconds;
 * the poll is for what nobody announced (rows written by hand, an announcement lost with its
 * connection).
 *
 * Once at `idlePollMs`, a worker wakes on the beat of the process's idle clock (every
 * `idlePollMs` since the process started), so the outbox and job workers of an idle site wake
 * together: one wake of the process per interval, not one per worker. On a machine that has let
 * the process go cold the wake itself costs more than the queries it runs.
 */
export class SafetyPoll {
  readonly #pollMs: number
  readonly #idlePollMs: number
  readonly #now: () => number
  #next: number

  /** `now`: the idle clock, milliseconds since the process started. */
  constructor (pollMs: number, idlePollMs: number, now: () => number = () => performance.now()) {
    this.#pollMs = pollMs
    this.#idlePollMs = Math.max(pollMs, idlePollMs)
    this.#now = now
    this.#next = pollMs
  }

  /** The wait after a look, which found work or not (this instance's or another's). */
  after (found: boolean): number {
    if (found) this.#next = this.#pollMs
    const wait = this.#next
    this.#next = Math.min(this.#idlePollMs, wait * 2)
    return wait < this.#idlePollMs ? wait : this.#untilBeat()
  }

  /** Work was announced: the next empty look waits `pollMs` again. */
  reset (): void {
    this.#next = this.#pollMs
  }

  /**
   * Until the first beat at least half an interval away: a worker woken on a beat (a little late,
   * as timers are) sleeps until the next one, a worker arriving between beats joins them.
   */
  #untilBeat (): number {
    const now = this.#now()
    return Math.ceil((now + this.#idlePollMs / 2) / this.#idlePollMs) * this.#idlePollMs - now
  }
}

/** `idlePollMs` when a worker's options leave it out. */
export const idlePollOf = (pollMs: number, idlePollMs: number | undefined): number => idlePollMs ?? pollMs * 12
