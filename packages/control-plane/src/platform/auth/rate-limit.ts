import type { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { Db } from '../db/client.ts'
import type { ResolvedOptions } from '../settings/resolved-options.ts'
import type { Identity } from './identity.ts'
import { rateLimited } from '../errors/errors.ts'
import type { WindowState } from '../db/fixed-window.ts'
import { createLeasedWindowLimiter } from './leased-window-limiter.ts'

/** Counts one request for a subject (a key, a content source, …), or throws `rate_limited`. */
export type SubjectLimiter = {
  /** Where the subject stands after this request; null when nothing is limited. */
  consume (subject: string): Promise<WindowState | null>
  /** Requests allowed per window; null when nothing is limited. */
  readonly limit: number | null
}

export type RateLimiter = { consume (identity: Identity): Promise<WindowState | null>, readonly limit: number | null }

type LimitOptions = ResolvedOptions['rateLimit']

type MemoryStore = { limiter: RateLimiterMemory, Refusal: typeof RateLimiterRes }

/** rate-limiter-flexible (about 40 modules), loaded with the first request a memory store counts, not with the site. */
const memoryStore = (scope: string, points: number, duration: number): Promise<MemoryStore> =>
  import('rate-limiter-flexible').then(({ RateLimiterMemory, RateLimiterRes }) => ({ limiter: new RateLimiterMemory({ keyPrefix: scope, points, duration }), Refusal: RateLimiterRes }))

/**
 * Requests per subject in fixed windows of one `scope`; 429 with the seconds until the window
 * frees a request. The memory store serves one process; the database store is shared by every
 * instance on the database, which hands each instance its hits in leases.
 */
export function createSubjectLimiter (scope: string, options: LimitOptions, db: Db, now: () => Date): SubjectLimiter {
  if (options === false) return { consume: () => Promise.resolve(null), limit: null }
  if (options.store === 'database') {
    return createLeasedWindowLimiter(db, scope, options, now)
  }
  let store: Promise<MemoryStore> | null = null
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
  return {
    limit: options.points,
    async consume (subject) {
      const { limiter, Refusal } = await (store ??= memoryStore(scope, options.points, options.durationSeconds))
      try {
        const counted = await limiter.consume(subject)
        return { limit: options.points, remaining: counted.remainingPoints, resetSeconds: seconds(counted.msBeforeNext) }
      } catch (rejection) {
        if (!(rejection instanceof Refusal)) throw rejection
        throw rateLimited(`rate limit of ${options.points} requests per ${options.durationSeconds} s exceeded`, seconds(rejection.msBeforeNext))
      }
    },
  }
}

// An OAuth client counts apart from its account's session and from the account's other clients.
const bucketOf = (identity: Identity) => identity.keyId
  ? `key:${identity.keyId}`
  : identity.clientId ? `oauth:${identity.clientId}:${identity.account.id}` : `session:${identity.account.id}`

/** Per API key (per account for sessions). */
export function createRateLimiter (options: LimitOptions, db: Db, now: () => Date): RateLimiter {
  const limiter = createSubjectLimiter('api', options, db, now)
  return { consume: identity => limiter.consume(bucketOf(identity)), limit: limiter.limit }
}
