/**
 * Waits, when the current window of `durationSeconds` has less than `marginMs` left, until the
 * next one begins. The database store's windows are fixed and aligned to the clock
 * (platform/db/fixed-window.ts; the default store on PostgreSQL): calls that straddle a boundary
 * start counting again, so a test that counts up to a limit starts with room to finish in one window.
 */
export async function awayFromWindowEnd (durationSeconds: number, marginMs = 10_000): Promise<void> {
  const durationMs = durationSeconds * 1000
  const left = durationMs - Date.now() % durationMs
  if (left < marginMs) await new Promise(resolve => setTimeout(resolve, left + 50))
}
