export type BackoffOptions = {
  /** Delay before the first retry, in milliseconds. @default 1000 */
  baseMs?: number
  /** Longest delay between attempts, in milliseconds. @default 3600000 */
  maxMs?: number
  /** Attempts before a message is marked failed. @default 10 */
  maxAttempts?: number
}

/** Exponential backoff: base · 2^(attempts−1), capped. `attempts` counts the failures so far. */
export function retryDelayMs (attempts: number, options: Required<BackoffOptions>): number {
  return Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempts - 1))
}
