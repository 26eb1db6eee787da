// @svc-provider-independent: canonical JSON, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { canonicalize } from 'json-canonicalize'
import { canonicalJson, sameJson } from '../packages/control-plane/src/platform/lib/canonical-json.ts'
import { HOSTILE_VALUES } from './support/hostile-values.ts'

describe('canonical JSON (RFC 8785)', () => {
  test('sorts keys by UTF-16 code units, at every depth, with no whitespace', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: 2 }], a: 'x', '€': 1, '\r': 2, '😀': 3, 'ü': 4, 1: 5 }))
      .toBe('{"\\r":2,"1":5,"a":"x","b":[3,{"a":2,"z":1}],"ü":4,"€":1,"😀":3}')
  })

  test('writes numbers in the ECMAScript form and escapes strings minimally (the RFC\'s own samples)', () => {
    expect(canonicalJson({ numbers: [JSON.parse('333333333.33333329') as number, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], string: '€$\u000f\nA\'B"\\\\"/' }))
      .toBe('{"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}')
    expect(canonicalJson(-0)).toBe('0')
  })

  test('leaves out object members whose value is undefined, and refuses undefined itself', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}')
    expect(() => canonicalJson(undefined)).toThrow(/undefined/)
  })

  test('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow()
    expect(() => canonicalJson({ n: Number.POSITIVE_INFINITY })).toThrow()
  })

  test('writes every hostile value, and values JSON does not produce, byte for byte as json-canonicalize does', () => {
    const values: unknown[] = [
      ...HOSTILE_VALUES.map(({ json }) => JSON.parse(json) as unknown),
      { b: 1, a: [null, 'x', { '10': 1, '9': 2, A: 3, é: 4, '😀': 5 }] },
      { a: undefined, b: [undefined, 1] }, { at: new Date(0) }, Object.assign(Object.create(null) as object, { z: 1, a: 2 }), [1e21, 1.5e-7, -0, 0.1 + 0.2],
    ]
    let compared = 0
    for (const value of values) {
      let expected: string
      try {
        expected = canonicalize(value)
      } catch {
        // The library's recursion runs out of stack at 5,000 levels; there is nothing to compare with.
        continue
      }
      expect(canonicalJson(value)).toBe(expected)
      compared += 1
    }
    expect(compared).toBeGreaterThan(values.length - 3)
  })

  test('sameJson: equal whatever the key order (as PostgreSQL jsonb returns objects); absent equals null', () => {
    expect(sameJson({ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(true)
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
    expect(sameJson(undefined, null)).toBe(true)
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false)
  })
})
