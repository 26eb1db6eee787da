import { z } from 'zod'

/** Environment variables by name, as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>

/** An optional whole-number variable; a malformed value stops startup with its name. */
export function integerEnv (env: Env, name: string): number | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return Number(raw)
}

/** An optional yes/no variable (`true`/`false`, `1`/`0`); a malformed value stops startup with its name. */
export function booleanEnv (env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase()
  if (!raw) return undefined
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  throw new Error(`${name} must be true or false, got "${raw}"`)
}

/** An optional comma-separated list; blanks around and between items are ignored. */
export function listEnv (env: Env, name: string): string[] | undefined {
  const items = env[name]?.split(',').map(item => item.trim()).filter(Boolean)
  return items?.length ? items : undefined
}

/** An optional string variable; blank counts as unset. */
export function stringEnv (env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined
}

/** Drops the keys whose value is `undefined`, so an unset variable leaves the default in place. */
export function definedOnly<T extends Record<string, unknown>> (values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** A zod error as one line per issue, `path: message`, for a startup error. */
export function describeIssues (error: z.ZodError): string {
  return error.issues.map(issue => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`).join('; ')
}
