import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Db } from '../db/client.ts'
import type { ResolvedOptions } from '../options.ts'
import type { Identity } from './identity.ts'
import { rateLimited } from '../errors.ts'

export type RateLimiter = { consume (identity: Identity): Promise<void> }

const bucketOf = (identity: Identity) => identity.keyId ? `key:${identity.keyId}` : `session:${identity.account.id}`

function createStore (options: Exclude<ResolvedOptions['rateLimit'], false>, db: Db): RateLimiterAbstract {
  const limits = { points: options.points, duration: options.durationSeconds }
  if (options.store === 'memory') return new RateLimiterMemory(limits)
  return new RateLimiterPrisma({ ...limits, storeClient: db, tableName: 'svcRateLimit', clearExpiredByTimeout: false })
}

/** Per API key (per account for sessions); 429 with the seconds until the window frees a request. */
export function createRateLimiter (options: ResolvedOptions['rateLimit'], db: Db): RateLimiter {
  if (options === false) return { consume: async () => {} }
  const limiter = createStore(options, db)
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
