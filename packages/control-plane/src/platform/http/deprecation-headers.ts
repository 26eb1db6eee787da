import type { Response } from 'express'

/** A deprecated thing a call used: the day it was deprecated and the day it may stop working (`YYYY-MM-DD`). */
type DeprecatedDays = { on: string, sunset: string }

const startOf = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * `Deprecation` (RFC 9745: a structured-field date, `@<seconds>`) and `Sunset` (RFC 8594: an
 * HTTP-date) for a call that used something deprecated; with several, the earliest of each, the
 * day the caller must act by.
 */
export function setDeprecationHeaders (res: Response, used: readonly DeprecatedDays[]): void {
  if (used.length === 0) return
  const earliest = (days: string[]) => startOf(days.sort()[0]!)
  res.set('Deprecation', `@${Math.floor(earliest(used.map(use => use.on)).getTime() / 1000)}`)
  res.set('Sunset', earliest(used.map(use => use.sunset)).toUTCString())
}
