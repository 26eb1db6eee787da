import pg from 'pg'

/**
 * Committed transactions per call on PostgreSQL, as the database counts them: the change of
 * `pg_stat_database.xact_commit` over a number of calls, less what the same stretch of time
 * commits with no calls (the host's background work: the outbox worker's poll, the snapshots
 * themselves). Every statement outside a transaction is a transaction of its own, so a plain
 * SELECT counts one. A server process reports its counts at most once a second and, once idle,
 * within ten seconds: each count waits that long after its calls.
 */

/** PostgreSQL's backends flush their counts once idle for PGSTAT_IDLE_INTERVAL (10 s). */
const STATS_SETTLE_MS = 11_000

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

export type CommitCounter = {
  /** Commits per call of `run`, which makes `calls` calls; its idle baseline taken once, on first use. */
  perCall (calls: number, run: () => Promise<unknown>): Promise<number>
  close (): Promise<void>
}

export async function commitCounter (url: string): Promise<CommitCounter> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const committed = async () => Number((await client.query<{ commits: string }>(
    'SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.commits)
  /** Commits over `run` and the settling after it (whatever ran before has settled already). */
  const across = async (run: () => Promise<unknown>) => {
    const before = await committed()
    const started = Date.now()
    await run()
    await sleep(STATS_SETTLE_MS)
    return { commits: await committed() - before, ms: Date.now() - started }
  }
  let idlePerMs: number | undefined
  return {
    async perCall (calls, run) {
      if (idlePerMs === undefined) {
        await sleep(STATS_SETTLE_MS)
        const idle = await across(() => sleep(1000))
        idlePerMs = idle.commits / idle.ms
      }
      const loaded = await across(run)
      return (loaded.commits - idlePerMs * loaded.ms) / calls
    },
    close: () => client.end(),
  }
}
