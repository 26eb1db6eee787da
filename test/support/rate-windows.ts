/**
 * The database store of the rate limits counts per fixed minute: a run that must stay inside one
 * window begins early in a minute, so a slow machine cannot carry it into the next.
 */
export async function startEarlyInAMinute (): Promise<void> {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 30_000) await new Promise(resolve => setTimeout(resolve, 60_000 - intoMinute + 100))
}
