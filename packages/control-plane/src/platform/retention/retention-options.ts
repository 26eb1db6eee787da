import { z } from 'zod'
import { definedOnly, describeIssues, integerEnv, stringEnv, type Env } from '../settings/env-values.ts'
import type { RetentionRule } from './rule.ts'
import type { StrictGroup } from '../settings/strict-group.ts'

/** Each rule with the days it keeps (null: kept), and the pruner's pace. */
export type ResolvedRetention = {
  rules: ReadonlyArray<{ rule: RetentionRule, days: number | null }>
  /** 0: no pruner runs in this process. */
  intervalMs: number
  batchSize: number
}

const days = z.number().int().positive().nullable()
const retentionShape = {
  /**
   * Days kept, by rule name (`audit`, `outbox_delivered`, `content_inbox_bodies`, …; the Health
   * page and `status.get` list them); `null` keeps rows until something deletes them
   * (`SVC_RETENTION_<NAME>_DAYS`, a number of days or `keep`).
   * @default each rule's own (audit 365, delivered outbox messages 7, …)
   */
  days: z.record(z.string(), days).default({}),
  /**
   * Minutes between two prunes; `0` runs no pruner in this process (another instance, or
   * none) (`SVC_RETENTION_INTERVAL_MINUTES`).
   * @default 60
   */
  intervalMinutes: z.number().int().nonnegative().default(60),
  /** Rows one statement changes: small batches keep each write lock short. @default 500 */
  batchSize: z.number().int().min(1).max(10_000).default(500),
}
const retentionOptions: StrictGroup<typeof retentionShape> = z.strictObject(retentionShape)

type RetentionInput = z.input<typeof retentionOptions>
/**
 * How long the control plane keeps what it writes, and how it prunes the rest; an interface, so the
 * options' declaration file prints its name and keeps the fields' JSDoc.
 */
export interface RetentionOptions extends RetentionInput {}

function daysFromEnv (env: Env, rule: RetentionRule): number | null | undefined {
  const name = `SVC_RETENTION_${rule.name.toUpperCase()}_DAYS`
  if (stringEnv(env, name)?.toLowerCase() === 'keep') return null
  const value = integerEnv(env, name)
  if (value === 0) throw new Error(`${name} must be a number of days (1 or more) or "keep", got "0"`)
  return value
}

/** The retention settings over the environment and each rule's default; a bad value stops the start. */
export function resolveRetention (given: RetentionOptions | undefined, rules: readonly RetentionRule[], env: Env): ResolvedRetention {
  const seen = new Set<string>()
  for (const rule of rules) {
    if (seen.has(rule.name)) throw new Error(`retention rule ${rule.name} is declared twice`)
    seen.add(rule.name)
  }
  const parsed = retentionOptions.safeParse({
    intervalMinutes: integerEnv(env, 'SVC_RETENTION_INTERVAL_MINUTES'),
    batchSize: integerEnv(env, 'SVC_RETENTION_BATCH_SIZE'),
    ...definedOnly({ ...given }),
  })
  if (!parsed.success) throw new Error(`control plane options: retention: ${describeIssues(parsed.error)}`)
  const unknown = Object.keys(parsed.data.days).filter(name => !seen.has(name))
  if (unknown.length > 0) throw new Error(`control plane options: retention.days: no rule named ${unknown.join(', ')}; rules: ${[...seen].join(', ')}`)
  return {
    rules: rules.map(rule => {
      const chosen = Object.hasOwn(parsed.data.days, rule.name) ? parsed.data.days[rule.name] : daysFromEnv(env, rule)
      return { rule, days: chosen === undefined ? rule.defaultDays : chosen }
    }),
    intervalMs: parsed.data.intervalMinutes * 60_000,
    batchSize: parsed.data.batchSize,
  }
}
