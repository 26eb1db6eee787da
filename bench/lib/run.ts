/**
 * Runs a benchmark's `main`, then every step in `cleanups` newest first (each even when one before
 * it failed), then exits: the host's background work would otherwise keep the process alive.
 * The exit code is 1 when `main` failed.
 */
export async function runBench (main: () => Promise<void>, cleanups: Array<() => unknown>): Promise<void> {
  try {
    await main()
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  } finally {
    for (const step of cleanups.reverse()) await Promise.resolve().then(step).catch(error => console.error('[bench] cleanup failed:', error))
    process.exit()
  }
}
