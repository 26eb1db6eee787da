const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/** The tally bucket of the UTC day `at` falls in: `YYYY-MM-DD`, as the database's triggers write it. */
const dayBucket = (at: Date): string => at.toISOString().slice(0, 10)

/** The tally bucket of the UTC hour `at` falls in: `YYYY-MM-DDTHH`. */
const hourBucket = (at: Date): string => at.toISOString().slice(0, 13)

/** The buckets of the last `count` days ending with today (UTC), oldest first. */
export function lastDays (now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => dayBucket(new Date(now.getTime() - (count - 1 - index) * DAY_MS)))
}

/** The buckets of the last `count` hours ending with the current one (UTC), oldest first. */
export function lastHours (now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => hourBucket(new Date(now.getTime() - (count - 1 - index) * HOUR_MS)))
}
