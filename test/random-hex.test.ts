import { describe, expect, test } from '@jest/globals'
import { randomHex } from '../packages/control-plane/src/platform/lib/random-hex.ts'

describe('randomHex (trace, span and event ids cut from a pool)', () => {
  test('each id has the length asked for and none repeats, across many refills of the pool', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => randomHex(i % 2 === 0 ? 16 : 8))
    for (const [i, id] of ids.entries()) expect(id).toMatch(i % 2 === 0 ? /^[0-9a-f]{32}$/ : /^[0-9a-f]{16}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('an id longer than the pool is served whole', () => {
    expect(randomHex(5000)).toMatch(/^[0-9a-f]{10000}$/)
  })
})
