/** The least time a deprecated operation, param or field keeps working before its sunset (docs/http-api.md). */
const MIN_DEPRECATION_MONTHS = 12

/** The JSON Schema keyword beside `deprecated: true` that says since when, until when and what instead. */
export const DEPRECATION_KEYWORD = 'x-deprecation'

/**
 * An operation, param or returned field on its way out: it keeps working until `sunset`, and
 * every call that uses it is told so (`Deprecation` and `Sunset` headers, an MCP `_meta` note)
 * and counted.
 */
export type Deprecation = {
  /** The day it was deprecated, `YYYY-MM-DD` (UTC): the `Deprecation` header's date. */
  on: string
  /** The first day it may stop working, `YYYY-MM-DD`, at least 12 months after `on`: the `Sunset` header. */
  sunset: string
  /** What to use instead: an operation (`crm.list`), or a param or field of the same operation. */
  replacement: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The start of a `YYYY-MM-DD` day (UTC), or null when it is no such day. */
function dayStart (day: string): Date | null {
  if (!DAY.test(day)) return null
  const date = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date
}

/** Why `deprecation` breaks the policy, or null when it keeps it. */
export function deprecationProblem ({ on, sunset, replacement }: Deprecation): string | null {
  const [start, end] = [dayStart(on), dayStart(sunset)]
  if (!start || !end) return `on and sunset must be days (YYYY-MM-DD): ${on}, ${sunset}`
  const earliest = new Date(start)
  earliest.setUTCMonth(earliest.getUTCMonth() + MIN_DEPRECATION_MONTHS)
  if (end < earliest) return `sunset ${sunset} is less than ${MIN_DEPRECATION_MONTHS} months after ${on}`
  if (replacement.trim() === '') return 'a deprecation names its replacement'
  return null
}

/**
 * Marks a param or returned field deprecated, for zod's `.meta()`:
 * `z.string().optional().meta(deprecatedField({ on: '2026-11-28', sunset: '2027-12-01', replacement: 'name' }))`.
 * The schemas show `deprecated: true` (JSON Schema's own annotation) and `x-deprecation`.
 */
export function deprecatedField (deprecation: Deprecation): { deprecated: true, [DEPRECATION_KEYWORD]: Deprecation } {
  const problem = deprecationProblem(deprecation)
  if (problem) throw new Error(`deprecatedField: ${problem}`)
  return { deprecated: true, [DEPRECATION_KEYWORD]: deprecation }
}
