import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import type { StatusCounter } from '../../registry/operation-context.ts'
import { defaultLog } from '../../lib/log.ts'
import { COUNTS_LEASE_KEY, releaseLease, takeLease } from '../../retention/lease.ts'

/** A kept count older than this is recounted in the background; the answer meanwhile is the last count. */
export const KEPT_COUNT_MAX_AGE_MS = 60_000
/** Long enough for every kept counter's count; a holder that dies frees the lease this long after. */
const LEASE_MS = 5 * 60_000
const HOLDER = randomUUID()

/** This process's recount in progress, per database client: polling never starts a second. */
const recounting = new WeakMap<Db, Promise<void>>()

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

function recountInBackground (db: Db, counters: readonly StatusCounter[], now: () => Date): void {
  if (recounting.has(db)) return
  const running = recountKept(db, counters, now)
    .catch(error => defaultLog('status: could not recount the kept counts', error))
    .finally(() => recounting.delete(db))
  recounting.set(db, running)
}

/** The recount this process has in progress, if any (tests wait for it). */
export const keptRecount = (db: Db): Promise<void> => recounting.get(db) ?? Promise.resolve()

/**
 * The kept counters' last counts, read from one small table; a count older than
 * `KEPT_COUNT_MAX_AGE_MS` starts a recount in the background. A counter never counted yet is
 * counted now, once. A count that fails is null, as a live one's is.
 */
export async function readKeptCounts (db: Db, counters: readonly StatusCounter[], now: () => Date): Promise<KeptCountsRead> {
  if (counters.length === 0) return { counts: [], asOf: {} }
  const rows = await db.svcKeptCount.findMany({ where: { key: { in: counters.map(counter => counter.key) } } }).catch(() => null)
  if (rows === null) {
    // The table does not answer (its migration not applied): count as before it existed.
    return { counts: await Promise.all(counters.map(async counter => [counter.key, await counter.count(db).catch(() => null)] as const)), asOf: {} }
  }
  const at = now()
  let stale = false
  const asOf: Record<string, string> = {}
  const counts = await Promise.all(counters.map(async counter => {
    const row = rows.find(candidate => candidate.key === counter.key)
    if (row?.countedAt) {
      if (at.getTime() - row.countedAt.getTime() > KEPT_COUNT_MAX_AGE_MS) stale = true
      asOf[counter.key] = row.countedAt.toISOString()
      return [counter.key, row.count] as const
    }
    const count = await counter.count(db).catch(() => null)
    if (count !== null) {
      // Two instances may both store a first count: either is a true count, so the loser's error is moot.
      await store(db, counter.key, count, at).catch(() => undefined)
      asOf[counter.key] = at.toISOString()
    }
    return [counter.key, count] as const
  }))
  if (stale) recountInBackground(db, counters, now)
  return { counts, asOf }
}
