import { randomUUID } from 'node:crypto'
import { isTableMissing, type Db } from '../../platform/db/client.ts'
import type { StatusCounter } from '../../kernel/registry/operation-context.ts'
import { defaultLog } from '../../platform/lib/log.ts'
import type { BackgroundTasks } from '../../platform/lib/background-tasks.ts'
import { COUNTS_LEASE_KEY, releaseLease, takeLease } from '../../platform/retention/lease.ts'

/** A kept count older than this is recounted in the background; the answer meanwhile is the last count. */
export const KEPT_COUNT_MAX_AGE_MS = 60_000
/** A kept counter not counted yet answers a live count meanwhile if its table holds at most this many rows. */
export const FIRST_COUNT_LIVE_UP_TO = 10_000
/** Long enough for every kept counter's count; a holder that dies frees the lease this long after. */
const LEASE_MS = 5 * 60_000
const HOLDER = randomUUID()

/** The runtime's background task that recounts: polling never starts a second while one runs (tests wait for it). */
export const KEPT_RECOUNT_TASK = 'status:kept-counts'

export type KeptCountsRead = { counts: Array<readonly [string, number | null]>, asOf: Record<string, string> }

async function store (db: Db, key: string, count: number, countedAt: Date): Promise<void> {
  await db.svcKeptCount.upsert({ where: { key }, create: { key, count, countedAt }, update: { count, countedAt } })
}

/**
 * Recounts every kept counter and stores the counts, unless another instance holds the lease (it
 * recounts them). Each count is stamped with the time before it started, so `counts_as_of` never
 * claims more than the count saw.
 */
async function recountKept (db: Db, counters: readonly StatusCounter[], now: () => Date): Promise<void> {
  if (!await takeLease(db, HOLDER, now(), LEASE_MS, COUNTS_LEASE_KEY)) return
  try {
    for (const counter of counters) {
      const countedAt = now()
      await store(db, counter.key, await counter.count(db), countedAt)
    }
  } finally {
    await releaseLease(db, HOLDER, COUNTS_LEASE_KEY)
  }
}


/**
 * The stored counts of `counters`; null when their table is missing (its migration not applied).
 * Any other failure is logged and thrown: answering live counts then would hide it, and cost
 * `status.get` a count of every large table on each call for as long as it lasts.
 */
async function storedCounts (db: Db, counters: readonly StatusCounter[]) {
  try {
    return await db.svcKeptCount.findMany({ where: { key: { in: counters.map(counter => counter.key) } } })
  } catch (error) {
    if (isTableMissing(error)) return null
    defaultLog('status: could not read the kept counts', error)
    throw error
  }
}

/**
 * A kept counter never counted yet: counted in the background (`recountKept`); meanwhile its table
 * is counted live if it holds at most `FIRST_COUNT_LIVE_UP_TO` rows, and left out of `counts`
 * otherwise. A count that fails is null, as a live one's is.
 */
async function firstCount (db: Db, counter: StatusCounter): Promise<number | null | undefined> {
  const upTo = await counter.count(db, { upTo: FIRST_COUNT_LIVE_UP_TO + 1 }).catch(() => null)
  return upTo !== null && upTo > FIRST_COUNT_LIVE_UP_TO ? undefined : upTo
}

/**
 * The kept counters' last counts, read from one small table; a count older than
 * `KEPT_COUNT_MAX_AGE_MS`, or none yet, starts a recount in the background.
 */
export async function readKeptCounts (db: Db, counters: readonly StatusCounter[], now: () => Date, background: BackgroundTasks): Promise<KeptCountsRead> {
  if (counters.length === 0) return { counts: [], asOf: {} }
  const rows = await storedCounts(db, counters)
  if (rows === null) {
    return { counts: await Promise.all(counters.map(async counter => [counter.key, await counter.count(db).catch(() => null)] as const)), asOf: {} }
  }
  const at = now()
  let recount = false
  const asOf: Record<string, string> = {}
  const counts = await Promise.all(counters.map(async counter => {
    const row = rows.find(candidate => candidate.key === counter.key)
    if (!row?.countedAt) {
      recount = true
      return [counter.key, await firstCount(db, counter)] as const
    }
    if (at.getTime() - row.countedAt.getTime() > KEPT_COUNT_MAX_AGE_MS) recount = true
    asOf[counter.key] = row.countedAt.toISOString()
    return [counter.key, row.count] as const
  }))
  if (recount) background.run(KEPT_RECOUNT_TASK, 'status: could not recount the kept counts', () => recountKept(db, counters, now))
  return { counts: counts.filter((entry): entry is readonly [string, number | null] => entry[1] !== undefined), asOf }
}
