import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { Db } from '../db/client.ts'
import type { ResolvedOptions } from '../options.ts'
import type { Identity } from './identity.ts'
import { rateLimited } from '../errors.ts'
import { consumeFixedWindow } from '../db/fixed-window.ts'

export type RateLimiter = { consume (identity: Identity): Promise<void> }

const bucketOf = (identity: Identity) => identity.keyId ? `key:${identity.keyId}` : `session:${identity.account.id}`

/**
 * Per API key (per account for sessions); 429 with the seconds until the window frees a request.
 * The memory store serves one process; the database store is shared by every instance.
 */
export function createRateLimiter (options: ResolvedOptions['rateLimit'], db: Db, now: () => Date): RateLimiter {
  if (options === false) return { consume: async () => {} }
  if (options.store === 'database') {
    return { consume: identity => consumeFixedWindow(db, 'api', bucketOf(identity), options, now()) }
  }
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.durationSeconds })
  return {
    async consume (identity) {
      try {
        await limiter.consume(bucketOf(identity))
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
        throw rateLimited(`rate limit of ${options.points} requests per ${options.durationSeconds} s exceeded`, retryAfter)
      }
    },
  }
}
