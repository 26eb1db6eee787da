const MINUTE = 60_000
const minuteOf = (ms: number) => Math.floor(ms / MINUTE)

/**
 * The database store of the rate limits counts per fixed minute, so a run that must stay inside
 * one window fails if a minute begins while it runs. Such a run is retried once, from the start
 * of the next minute; `body` makes what it counts with (a fresh key, a fresh source) each time.
 * Waiting for the early part of a minute before every run cost a file up to half a minute.
 */
export async function inOneRateWindow (body: () => Promise<void>): Promise<void> {
  const began = minuteOf(Date.now())
  try {
    await body()
    return
  } catch (error) {
    if (minuteOf(Date.now()) === began) throw error
  }
  await new Promise(resolve => setTimeout(resolve, MINUTE - (Date.now() % MINUTE) + 100))
  await body()
}

/**
 * Waits, when the current window of `durationSeconds` has less than `marginMs` left, until the
 * next one begins: for a test that counts up to a limit with what it cannot make afresh for a
 * retry (`inOneRateWindow`), so it starts with room to finish in one window. The database store's
 * windows are fixed and aligned to the clock (platform/db/fixed-window.ts).
 */
export async function awayFromWindowEnd (durationSeconds: number, marginMs = 10_000): Promise<void> {
  const durationMs = durationSeconds * 1000
  const left = durationMs - Date.now() % durationMs
  if (left < marginMs) await new Promise(resolve => setTimeout(resolve, left + 50))
}
