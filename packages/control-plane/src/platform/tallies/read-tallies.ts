import type { Db } from '../db/client.ts'
import { lastDays } from './periods.ts'

export type TallyRow = { series: string, bucket: string, dimension: string, count: number }

/**
 * The kept counts of `series` whose bucket lies in `[from, to]` (or from `from` on), read as one
 * range of the `(series, bucket, dimension)` unique index per series: the cost follows the
 * periods asked for, never the rows counted. Counts brought back to zero are left out.
 */
export async function readTallies (db: Pick<Db, 'svcTally'>, series: readonly string[], from: string, to?: string): Promise<TallyRow[]> {
  return await db.svcTally.findMany({
    where: { series: { in: [...series] }, bucket: to === undefined ? { gte: from } : { gte: from, lte: to }, count: { not: 0 } },
    select: { series: true, bucket: true, dimension: true, count: true },
  })
}

/** Per bucket of `buckets` (in their order), the counts by dimension; buckets without any are empty. */
export function countsByBucket (rows: readonly TallyRow[], buckets: readonly string[]): Array<{ bucket: string, counts: Record<string, number> }> {
  const byBucket = new Map<string, Record<string, number>>(buckets.map(bucket => [bucket, {}]))
  for (const row of rows) {
    const counts = byBucket.get(row.bucket)
    if (counts) counts[row.dimension] = (counts[row.dimension] ?? 0) + row.count
  }
  return buckets.map(bucket => ({ bucket, counts: byBucket.get(bucket) ?? {} }))
}

/** The dimensions with a count in `periods`, sorted, and the sum of every count. */
export function dimensionsAndTotal (periods: ReadonlyArray<{ counts: Readonly<Record<string, number>> }>): { dimensions: string[], total: number } {
  const dimensions = new Set<string>()
  let total = 0
  for (const period of periods) {
    for (const [dimension, count] of Object.entries(period.counts)) {
      dimensions.add(dimension)
      total += count
    }
  }
  return { dimensions: [...dimensions].sort(), total }
}

/** The counts of a per-day series over the last `days` days ending today (UTC), oldest first, with its dimensions and total. */
export async function readDailyCounts (db: Pick<Db, 'svcTally'>, series: string, now: Date, days: number) {
  const buckets = lastDays(now, days)
  const rows = await readTallies(db, [series], buckets[0]!, buckets.at(-1))
  const counted = countsByBucket(rows, buckets).map(({ bucket, counts }) => ({ day: bucket, counts }))
  return { days: counted, ...dimensionsAndTotal(counted) }
}
