import { MAX_JSON_DEPTH } from '../../../platform/lib/input-boundary.ts'
import { isJsonObject, type JsonObject } from './json-path.ts'

/**
 * How large a delivery's shape may be. Fingerprinting and proposing a mapping touch every key
 * path, so these bound their memory and time (with the body size and `MAX_JSON_DEPTH`): at most
 * `maxKeyPaths × maxPathLength` characters of paths, whatever the body holds.
 */
export const SHAPE_LIMITS = {
  /** Characters in one object key; a mapping path is at most 200 characters, so longer keys could never be mapped. */
  maxKeyLength: 200,
  /** Distinct key paths in one delivery (array items share theirs: `items[].title`). */
  maxKeyPaths: 2000,
  /** Characters in one key path, e.g. `data.items[].title`. */
  maxPathLength: 1000,
} as const

export type ShapeLimit = keyof typeof SHAPE_LIMITS | 'maxDepth'

/** A delivery whose shape exceeds `SHAPE_LIMITS`: refused before anything is built from it. */
export class ShapeTooLarge extends Error {
  readonly limit: ShapeLimit
  constructor (limit: ShapeLimit, message: string) {
    super(message)
    this.name = 'ShapeTooLarge'
    this.limit = limit
  }
}

export type ShapeEntry = {
  /** Dotted key path; array items add `[]` (`items[].title`). */
  path: string
  key: string
  /** Number of keys above this one. */
  depth: number
  value: unknown
  /** Reached through an array: such members share one path, and mappings do not point into them. */
  inArray: boolean
}

type Pending = { object: JsonObject, prefix: string, depth: number, inArray: boolean }

/** The path of `key` under `prefix` (itself within the limits), or ShapeTooLarge before a longer one is built. */
function pathOf (prefix: string, key: string, depth: number): string {
  if (depth >= MAX_JSON_DEPTH) throw new ShapeTooLarge('maxDepth', `the delivery is nested more than ${MAX_JSON_DEPTH} levels deep`)
  if (key.length > SHAPE_LIMITS.maxKeyLength) throw new ShapeTooLarge('maxKeyLength', `a key is longer than ${SHAPE_LIMITS.maxKeyLength} characters`)
  const path = prefix ? `${prefix}.${key}` : key
  if (path.length > SHAPE_LIMITS.maxPathLength) throw new ShapeTooLarge('maxPathLength', `a key path is longer than ${SHAPE_LIMITS.maxPathLength} characters`)
  return path
}

/**
 * Visits every object member of a payload once, depth first in key order, without recursion,
 * and returns the distinct key paths. Objects inside arrays are entered (arrays of arrays are
 * not); each limit is checked before the path that would exceed it is built.
 */
export function walkShape (payload: JsonObject, visit: (entry: ShapeEntry) => void = () => {}): Set<string> {
  const paths = new Set<string>()
  const stack: Pending[] = [{ object: payload, prefix: '', depth: 0, inArray: false }]
  while (stack.length > 0) {
    const { object, prefix, depth, inArray } = stack.pop()!
    const children: Pending[] = []
    for (const [key, value] of Object.entries(object)) {
      const path = pathOf(prefix, key, depth)
      if (!paths.has(path)) {
        if (paths.size >= SHAPE_LIMITS.maxKeyPaths) throw new ShapeTooLarge('maxKeyPaths', `the delivery has more than ${SHAPE_LIMITS.maxKeyPaths} distinct key paths`)
        paths.add(path)
      }
      visit({ path, key, depth, value, inArray })
      if (isJsonObject(value)) children.push({ object: value, prefix: path, depth: depth + 1, inArray })
      if (Array.isArray(value)) {
        for (const item of value) if (isJsonObject(item)) children.push({ object: item, prefix: `${path}[]`, depth: depth + 1, inArray: true })
      }
    }
    // Reversed onto the stack, so members are visited in the order a recursive walk would take.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!)
  }
  return paths
}
