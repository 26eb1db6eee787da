import { canonicalize } from 'json-canonicalize'

/**
 * RFC 8785 (JCS) canonical JSON: keys sorted by UTF-16 code units, ECMAScript number form, no
 * whitespace. Object members whose value is `undefined` are left out, as `JSON.stringify` does.
 * Every hash and every "did this value change" comparison goes through here, so two equal
 * values — whatever their key order, e.g. as PostgreSQL's jsonb hands them back — compare equal.
 *
 * `json-canonicalize` ships CommonJS and ES module builds with a named export, so this import
 * means the same under jest (ES modules) and in Keystone's CommonJS bundle.
 */
export function canonicalJson (value: unknown): string {
  if (value === undefined) throw new TypeError('undefined has no canonical JSON form')
  return canonicalize(value)
}

/** Whether two JSON values are equal as JSON; `undefined` counts as `null` (an absent value). */
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null)
