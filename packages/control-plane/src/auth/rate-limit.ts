import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { Db } from '../db/client.ts'
import type { ResolvedOptions } from '../options.ts'
import type { Identity } from './identity.ts'
import { rateLimited } from '../errors.ts'
import { consumeFixedWindow } from '../db/fixed-window.ts'

/** Counts one request for a subject (a key, a content source, …), or throws `rate_limited`. */
export type SubjectLimiter = { consume (subject: string): Promise<void> }

export type RateLimiter = { consume (identity: Identity): Promise<void> }

type LimitOptions = ResolvedOptions['rateLimit']

/**
 * Requests per subject in fixed windows of one `scope`; 429 with the seconds until the window
 * frees a request. The memory store serves one process; the database store is shared by every
 * instance on the database.
 */
export function createSubjectLimiter (scope: string, options: LimitOptions, db: Db, now: () => Date): SubjectLimiter {
  if (options === false) return { consume: async () => {} }
  if (options.store === 'database') {
    return { consume: subject => consumeFixedWindow(db, scope, subject, options, now()) }
  }
  const limiter = new RateLimiterMemory({ keyPrefix: scope, points: options.points, duration: options.durationSeconds })
  return {
    async consume (subject) {
      try {
        await limiter.consume(subject)
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
        throw rateLimited(`rate limit of ${options.points} requests per ${options.durationSeconds} s exceeded`, retryAfter)
      }
    },
  }
}

const bucketOf = (identity: Identity) => identity.keyId ? `key:${identity.keyId}` : `session:${identity.account.id}`

/** Per API key (per account for sessions). */
export function createRateLimiter (options: LimitOptions, db: Db, now: () => Date): RateLimiter {
  const limiter = createSubjectLimiter('api', options, db, now)
  return { consume: identity => limiter.consume(bucketOf(identity)) }
}
