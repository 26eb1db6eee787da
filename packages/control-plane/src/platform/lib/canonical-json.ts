import { canonicalize } from 'json-canonicalize'

/** Marks a value the fast writer leaves to the library (undefined members, `toJSON`, non-finite numbers, …). */
const UNPLAIN = Symbol('unplain')

/**
 * RFC 8785 for the values JSON itself produces (null, booleans, finite numbers, strings, arrays,
 * plain objects), as `json-canonicalize` writes them: strings and numbers by `JSON.stringify`,
 * keys sorted by UTF-16 code units. The chain hashes every event through here, and the library's
 * general walk (a path string and a visited map per value) costs most of a verify; anything else
 * is handed to the library whole, so the bytes never differ from it.
 */
function writePlain (value: unknown): string | typeof UNPLAIN {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string': return JSON.stringify(value)
    case 'boolean': return value ? 'true' : 'false'
    case 'number': return Number.isFinite(value) ? JSON.stringify(value) : UNPLAIN
    case 'object': break
    default: return UNPLAIN
  }
  if (Array.isArray(value)) {
    let out = '['
    for (let index = 0; index < value.length; index++) {
      const item = writePlain(value[index])
      if (item === UNPLAIN) return UNPLAIN
      out += index === 0 ? item : ',' + item
    }
    return out + ']'
  }
  const prototype: unknown = Object.getPrototypeOf(value)
  if ((prototype !== Object.prototype && prototype !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return UNPLAIN
  const keys = Object.keys(value).sort()
  let out = '{'
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const member = writePlain((value as Record<string, unknown>)[key])
    if (member === UNPLAIN) return UNPLAIN
    out += (index === 0 ? '' : ',') + JSON.stringify(key) + ':' + member
  }
  return out + '}'
}

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
  const plain = writePlain(value)
  return plain === UNPLAIN ? canonicalize(value) : plain
}

/** Whether two JSON values are equal as JSON; `undefined` counts as `null` (an absent value). */
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null)
