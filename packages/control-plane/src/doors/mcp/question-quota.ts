import { rateLimited } from '../../platform/errors/errors.ts'

/** How many person-confirmation questions may wait at once on one instance: in all, per credential, per account. */
export type QuestionLimits = { instance: number, credential: number, account: number }

/**
 * Each waiting question is an event stream and a server held in memory. One credential gets a
 * few (one per session of its agents), an account a few credentials' worth, the instance many:
 * a narrow key opening questions it never answers fills its own room, not its administrator's.
 */
const WAITING_QUESTION_LIMITS: QuestionLimits = { instance: 1024, credential: 8, account: 32 }

/** How long a caller refused for want of room is told to wait: a question is answered or times out within minutes. */
const RETRY_AFTER_SECONDS = 30

/** Who asks: the credential as idempotency keys name it (`callerOf`), and the account it acts for. */
export type Asker = { credential: string, account: string }

const add = (counts: Map<string, number>, key: string, by: number) => {
  const count = (counts.get(key) ?? 0) + by
  if (count === 0) counts.delete(key)
  else counts.set(key, count)
}

/** The room for waiting questions: taken when a question opens, given back once when it ends. */
export class QuestionQuota {
  readonly #limits: QuestionLimits
  readonly #byCredential = new Map<string, number>()
  readonly #byAccount = new Map<string, number>()
  #total = 0

  constructor (limits: QuestionLimits = WAITING_QUESTION_LIMITS) {
    this.#limits = limits
  }

  /** A place for one question of `asker`, or 429 `rate_limited` (with `Retry-After`) naming the limit it reached; returns its release. */
  take (asker: Asker): () => void {
    if ((this.#byCredential.get(asker.credential) ?? 0) >= this.#limits.credential) {
      throw rateLimited(`this credential holds ${this.#limits.credential} questions open, as many as it may; answer one, or call again shortly`, RETRY_AFTER_SECONDS)
    }
    if ((this.#byAccount.get(asker.account) ?? 0) >= this.#limits.account) {
      throw rateLimited(`this account's credentials hold ${this.#limits.account} questions open, as many as they may; answer one, or call again shortly`, RETRY_AFTER_SECONDS)
    }
    if (this.#total >= this.#limits.instance) throw rateLimited('this instance holds as many questions open as it may; call again shortly', RETRY_AFTER_SECONDS)
    this.#move(asker, 1)
    let released = false
    return () => {
      if (released) return
      released = true
      this.#move(asker, -1)
    }
  }

  #move (asker: Asker, by: number): void {
    add(this.#byCredential, asker.credential, by)
    add(this.#byAccount, asker.account, by)
    this.#total += by
  }
}
