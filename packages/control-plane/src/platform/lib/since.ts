import { z } from 'zod'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** `since`: an RFC 3339 date-time or `YYYY-MM-DD` (midnight UTC). Parses to a Date. */
export const sinceParam = z
  .string()
  .refine(value => (DATE_ONLY.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success) &&
    !Number.isNaN(Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value)),
  'since must be an RFC 3339 date-time or YYYY-MM-DD')
  .transform(value => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value))
  .describe('RFC 3339 date-time (e.g. 2026-01-31T12:00:00Z) or YYYY-MM-DD.')
