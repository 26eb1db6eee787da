import type { Response } from 'express'
import type { Identity } from '../../kernel/access/door-auth.ts'
import { rateLimited } from '../../platform/errors/errors.ts'

/**
 * Change streams one key (or one OAuth grant) may hold open on one instance: a client needs one
 * (the 2.x SDK's `subscriptions/listen`, or a 2025-era client's GET stream), a few clients sharing
 * a key a few more; past that, streams only hold connections and memory.
 */
export const MAX_STREAMS_PER_KEY = 8

/** How long a refused client is told to wait: a stream of its own ending frees a place. */
const RETRY_AFTER_SECONDS = 30

const holderOf = (identity: Identity) =>
  identity.keyId !== null ? `key:${identity.keyId}` : identity.grantId ? `grant:${identity.grantId}` : `account:${identity.account.id}`

/** The change streams each key holds open on this instance, counted while their responses last. */
export class StreamQuota {
  readonly #open = new Map<string, number>()
  readonly #limit: number

  constructor (limit = MAX_STREAMS_PER_KEY) {
    this.#limit = limit
  }

  /** Counts a stream for the caller until `res` closes; a caller already at the limit is refused with `rate_limited`. */
  admit (identity: Identity, res: Response): void {
    const holder = holderOf(identity)
    const open = this.#open.get(holder) ?? 0
    if (open >= this.#limit) {
      throw rateLimited(`this key holds ${open} change streams open on this instance, the most it may; close one first`, RETRY_AFTER_SECONDS)
    }
    this.#open.set(holder, open + 1)
    res.once('close', () => {
      const left = (this.#open.get(holder) ?? 1) - 1
      if (left > 0) this.#open.set(holder, left)
      else this.#open.delete(holder)
    })
  }
}
