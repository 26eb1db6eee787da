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
