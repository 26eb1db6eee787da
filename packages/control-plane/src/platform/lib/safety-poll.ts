/**
 * How long a background worker sleeps when nothing is due at a known time: `pollMs` after a look
 * that found work, then twice as long after each look that found none, up to `idlePollMs`. The
 * worker hears of new work without it — a kick in this process, another instance's announcement
 * through the change feed — so an idle site wakes a few times a minute, not every few seconds;
 * the poll is for what nobody announced (rows written by hand, an announcement lost with its
 * connection).
 */
export class SafetyPoll {
  readonly #pollMs: number
  readonly #idlePollMs: number
  #next: number

  constructor (pollMs: number, idlePollMs: number) {
    this.#pollMs = pollMs
    this.#idlePollMs = Math.max(pollMs, idlePollMs)
    this.#next = pollMs
  }

  /** The wait after a look, which found work or not (this instance's or another's). */
  after (found: boolean): number {
    if (found) this.#next = this.#pollMs
    const wait = this.#next
    this.#next = Math.min(this.#idlePollMs, wait * 2)
    return wait
  }

  /** Work was announced: the next empty look waits `pollMs` again. */
  reset (): void {
    this.#next = this.#pollMs
  }
}

/** `idlePollMs` when a worker's options leave it out. */
export const idlePollOf = (pollMs: number, idlePollMs: number | undefined): number => idlePollMs ?? pollMs * 12
