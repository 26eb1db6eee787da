import { isSecretName } from '../lib/redact.ts'

/** What a preview answers in place of a one-time secret. */
const PREVIEW = '[preview]'

function masked (value: unknown, shownOnce: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map(item => masked(item, new Set()))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) =>
    [key, (shownOnce.has(key) || isSecretName(key)) && typeof inner === 'string' && inner !== '' ? PREVIEW : masked(inner, new Set())]))
}

/**
 * The data a previewed call would have answered, with every secret it would show once (the fields
 * the operation names, and any field named like a secret) as `"[preview]"`: a preview mints nothing
 * a caller could keep.
 */
export const previewResult = (data: unknown, shownOnce: readonly string[]): unknown => masked(data, new Set(shownOnce))
