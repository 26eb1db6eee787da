import { sha256Hex } from '../../../lib/sha256.ts'
import { isJsonObject, type JsonObject } from './json-path.ts'

function collect (value: JsonObject, prefix: string, into: Set<string>): void {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key
    into.add(path)
    if (isJsonObject(inner)) collect(inner, path, into)
    if (Array.isArray(inner)) for (const item of inner) if (isJsonObject(item)) collect(item, `${path}[]`, into)
  }
}

/**
 * Every key path of a payload, sorted. Array items share one path (`items[].title`), so a
 * payload's shape does not change with the number of items it carries.
 */
export function keyPaths (payload: JsonObject): string[] {
  const paths = new Set<string>()
  collect(payload, '', paths)
  return [...paths].sort()
}

/** SHA-256 (hex) of the sorted key paths: equal for payloads of the same shape. */
export function shapeFingerprint (payload: JsonObject): string {
  return sha256Hex(keyPaths(payload).join('\n'))
}
