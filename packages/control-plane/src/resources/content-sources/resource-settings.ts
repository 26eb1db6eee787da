import { z } from 'zod'
import { defineSettings } from '../../platform/settings/define-settings.ts'
import { integerEnv } from '../../platform/settings/env-values.ts'
import { rateLimitSetting } from '../../platform/settings/rate-limit-setting.ts'
import type { Tx } from '../../platform/db/client.ts'

/**
 * Finds the team member a content delivery names as its author (by work e-mail or by name) and
 * returns their slot number, or null. Runs inside the ingest transaction, on its client.
 */
export type AuthorResolver = (query: { by: 'email' | 'name', value: string }, db: Tx) => Promise<number | null>

export const contentSourcesSettings = defineSettings('content_sources', z.strictObject({
  /**
   * Deliveries each content source accepts per window at its ingest endpoint, counted after the
   * sender is authenticated, or `false` to turn the limit off (`SVC_INGEST_RATE_LIMIT_PER_MINUTE`
   * sets `points`). Beyond it a delivery answers 429 with `Retry-After` and is not stored.
   * @default { points: 120, durationSeconds: 60, store: 'database' }
   */
  ingestRateLimit: rateLimitSetting({ points: 120, durationSeconds: 60, store: 'database' }),
  /**
   * Matches a delivery's author to a team member for sources with `author_match_mode` `email` or
   * `name`; no match gives the source's `default_author_id`.
   * @default the active team member with that work e-mail (any letter case) or that full name
   */
  resolveAuthor: z.custom<AuthorResolver>(value => typeof value === 'function', 'must be a function').optional(),
}), env => {
  const perMinute = integerEnv(env, 'SVC_INGEST_RATE_LIMIT_PER_MINUTE')
  return { ingestRateLimit: perMinute === undefined ? undefined : { points: perMinute } }
})

export type ContentSourcesSettings = z.input<typeof contentSourcesSettings.schema>
