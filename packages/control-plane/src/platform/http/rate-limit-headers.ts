import type { Response } from 'express'
import type { WindowState } from '../db/fixed-window.ts'
import { SvcError } from '../errors/errors.ts'

function setHeaders (res: Response, limit: number, remaining: number, resetSeconds: number): void {
  res.set('RateLimit-Limit', String(limit))
  res.set('RateLimit-Remaining', String(remaining))
  res.set('RateLimit-Reset', String(resetSeconds))
}

/**
 * Counts one request and says where the caller stands in the IETF draft's `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (seconds) fields, on the refusal too (beside
 * `Retry-After`). `limit`: requests per window, null when nothing is limited.
 */
export async function countWithHeaders (res: Response, limit: number | null, consume: () => Promise<WindowState | null>): Promise<void> {
  try {
    const state = await consume()
    if (state) setHeaders(res, state.limit, state.remaining, state.resetSeconds)
  } catch (error) {
    const retryAfter = error instanceof SvcError && error.code === 'rate_limited' ? error.details?.retry_after : undefined
    if (limit !== null && typeof retryAfter === 'number') setHeaders(res, limit, 0, retryAfter)
    throw error
  }
}
