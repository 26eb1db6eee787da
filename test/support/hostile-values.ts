/**
 * A deterministic family of hostile values, each as raw JSON text so that depths no serializer
 * could produce can still be sent: wrong types, empty and 70 kB strings, U+0000 and lone
 * surrogates, deep nesting, prototype keys, huge and negative numbers, path- and script-like
 * strings, and HTML that breaks the content transforms.
 */
export type HostileValue = { label: string, json: string }

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth)
const text = (label: string, value: string): HostileValue => ({ label, json: JSON.stringify(value) })

export const HOSTILE_VALUES: readonly HostileValue[] = [
  { label: 'null', json: 'null' },
  { label: 'true', json: 'true' },
  { label: 'negative', json: '-1' },
  { label: 'beyond 2^53', json: '9007199254740993' },
  { label: 'huge', json: '1e308' },
  { label: 'beyond a 64-bit integer', json: '99999999999999999999999' },
  text('empty string', ''),
  text('70 kB string', 'x'.repeat(70_000)),
  text('U+0000', 'a\u0000b'),
  text('lone surrogate', 'a\ud800b'),
  text('path traversal', '../../../../etc/passwd'),
  text('script', '<script>alert(1)</script>'),
  text('broken escape in an image', '<p>x</p><img src="%E0%A4%A"><img src="/a/%ZZ.png">'),
  text('deep HTML', `<p>${'<div>'.repeat(6000)}x${'</div>'.repeat(6000)}</p>`),
  { label: 'empty object', json: '{}' },
  { label: '__proto__ key', json: '{"__proto__":{"polluted":true}}' },
  { label: 'constructor key', json: '{"constructor":{"prototype":{"polluted":true}}}' },
  { label: 'array nested 5,000 deep', json: nested(5000, '[', ']') },
  { label: 'object nested 5,000 deep', json: nested(5000, '{"a":', '}') },
]

/** What `params` itself is sent as: every kind of non-object, and objects that are hostile as a whole. */
export const HOSTILE_PARAMS: readonly HostileValue[] = HOSTILE_VALUES.filter(value =>
  /^(null|true|negative|empty string|U\+0000|empty object|__proto__ key|constructor key|array nested 5,000 deep|object nested 5,000 deep)$/.test(value.label))

/** Strings a query string or form field can carry, raw (already percent-encoded where noted). */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  '', '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%', '%ZZ', encodeURIComponent('x'.repeat(7_000)),
  encodeURIComponent('../../etc/passwd'), encodeURIComponent('<script>alert(1)</script>'), '-1', '1e308', '99999999999999999999999',
  'true', 'null', encodeURIComponent('{"__proto__":{"polluted":true}}'),
]

type Schema = {
  type?: string | string[], enum?: unknown[], const?: unknown, anyOf?: Schema[], oneOf?: Schema[], format?: string,
  pattern?: string, minLength?: number, minimum?: number, exclusiveMinimum?: number, minItems?: number,
  items?: Schema, properties?: Record<string, Schema>, required?: string[],
}

const PATTERN_CANDIDATES = ['1', 'x', 'fuzz', 'a1', 'fuzz.value', 'fuzz-value', 'G-ABC1234']

/** A plausible valid value for a JSON Schema, so the other params of a call reach the code under test. */
export function sampleFor (schema: Schema | undefined): unknown {
  if (!schema) return 'x'
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  const variant = (schema.anyOf ?? schema.oneOf)?.find(option => option.type !== 'null')
  if (variant) return sampleFor(variant)
  const type = Array.isArray(schema.type) ? schema.type.find(t => t !== 'null') : schema.type
  switch (type) {
    case 'integer': case 'number': return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1)
    case 'boolean': return true
    case 'array': return schema.minItems ? [sampleFor(schema.items)] : []
    case 'object': return Object.fromEntries((schema.required ?? []).map(key => [key, sampleFor(schema.properties?.[key])]))
    default: return sampleText(schema)
  }
}

function sampleText (schema: Schema): string {
  if (schema.format === 'email') return 'fuzz@example.com'
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/'
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z'
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern)
    const fit = PATTERN_CANDIDATES.find(candidate => pattern.test(candidate))
    if (fit) return fit
  }
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1))
}
