import type { Response } from 'express'
import type { WindowState } from '../db/fixed-window.ts'
import { countRequest } from '../auth/rate-standing.ts'

/** Tells the caller where it stands in the IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) fields. */
export const rateLimitHeadersOn = (res: Response) => (standing: WindowState): void => {
  res.set('RateLimit-Limit', String(standing.limit))
  res.set('RateLimit-Remaining', String(standing.remaining))
  res.set('RateLimit-Reset', String(standing.resetSeconds))
}

/** Counts one request and says where the caller stands in `RateLimit-*` headers, on the refusal too (beside `Retry-After`). */
export const countWithHeaders = (res: Response, limit: number | null, consume: () => Promise<WindowState | null>): Promise<void> =>
  countRequest(limit, consume, rateLimitHeadersOn(res))
