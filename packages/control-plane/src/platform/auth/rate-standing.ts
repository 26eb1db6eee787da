import type { WindowState } from '../db/fixed-window.ts'
import { SvcError } from '../errors/errors.ts'

/**
 * Counts one request and reports where the caller stands in its window, on the refusal too
 * (with its `retry_after` as the reset). `limit`: requests per window, null when nothing is limited.
 */
export async function countRequest (limit: number | null, consume: () => Promise<WindowState | null>, report: (standing: WindowState) => void): Promise<void> {
  try {
    const state = await consume()
    if (state) report(state)
  } catch (error) {
    const retryAfter = error instanceof SvcError && error.code === 'rate_limited' ? error.details?.retry_after : undefined
    if (limit !== null && typeof retryAfter === 'number') report({ limit, remaining: 0, resetSeconds: retryAfter })
    throw error
  }
}
