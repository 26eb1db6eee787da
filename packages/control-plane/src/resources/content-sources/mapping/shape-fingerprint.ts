import { sha256Hex } from '../../../platform/lib/sha256.ts'
import type { JsonObject } from './json-path.ts'
import { walkShape } from './shape-walk.ts'

/**
 * Every key path of a payload, sorted. Array items share one path (`items[].title`), so a
 * payload's shape does not change with the number of items it carries. Throws `ShapeTooLarge`
 * beyond `SHAPE_LIMITS`.
 */
export function keyPaths (payload: JsonObject): string[] {
  return [...walkShape(payload)].sort()
}

/** SHA-256 (hex) of the sorted key paths: equal for payloads of the same shape. */
export function shapeFingerprint (payload: JsonObject): string {
  return sha256Hex(keyPaths(payload).join('\n'))
}
