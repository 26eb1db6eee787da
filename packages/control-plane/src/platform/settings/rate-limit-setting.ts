import { z } from 'zod'
import type { StrictGroup } from './strict-group.ts'

const rateLimitShape = {
  /** Requests allowed in each window. @default the limit's own: 600 for the core's `rateLimit` */
  points: z.number().int().positive().optional(),
  /** Window length in seconds. @default the limit's own: 60 for the core's `rateLimit` */
  durationSeconds: z.number().int().positive().optional(),
  /**
   * Where counters live: `memory` (one process) or `database` (shared by every instance on one
   * database; what a multi-instance PostgreSQL site needs).
   * @default the limit's own: for the core's `rateLimit`, `memory` on SQLite and `database` on PostgreSQL
   */
  store: z.enum(['memory', 'database']).optional(),
}

const rateLimitOptions: StrictGroup<typeof rateLimitShape> = z.strictObject(rateLimitShape)

type RateLimitInput = z.input<typeof rateLimitOptions>
/** A rate limit as a host writes it; an interface, so the options' declaration file prints its name and keeps the fields' JSDoc. */
export interface RateLimitOptions extends RateLimitInput {}

export type ResolvedRateLimit = Required<RateLimitOptions> | false

/** A rate limit setting: `false` turns it off; each field left out takes the given default. */
export function rateLimitSetting (defaults: Required<RateLimitOptions>) {
  return z.union([z.literal(false), rateLimitOptions]).default({}).transform((value): ResolvedRateLimit => value === false ? false : {
    points: value.points ?? defaults.points,
    durationSeconds: value.durationSeconds ?? defaults.durationSeconds,
    store: value.store ?? defaults.store,
  })
}
