/**
 * Runs `work` while renewing the lease it holds every `everyMs`, so the lease can be short: an
 * instance that dies stops renewing, and another takes the work over once the short lease has run
 * out, instead of at the end of one long enough for the slowest work. A renewal that fails is
 * left to the next (the database restarting); one that finds the lease gone changes nothing here,
 * the work's own conditional writes notice.
 */
export async function whileRenewing<T> (work: () => Promise<T>, everyMs: number, renew: () => Promise<unknown>): Promise<T> {
  const renewal: { inFlight: Promise<unknown> | null } = { inFlight: null }
  const timer = setInterval(() => {
    renewal.inFlight ??= renew().catch(() => undefined).finally(() => { renewal.inFlight = null })
  }, everyMs)
  timer.unref()
  try {
    return await work()
  } finally {
    clearInterval(timer)
    await renewal.inFlight
  }
}
