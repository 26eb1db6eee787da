import { z } from 'zod'

export type JsonObject = Record<string, unknown>

export function isJsonObject (value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A dotted path into a JSON payload: object keys and array indexes, e.g. `data.items.0.title`. */
export const jsonPath = z.string()
  .max(200)
  .regex(/^[^.\s]+(\.[^.\s]+)*$/, 'a dotted path such as "title", "data.title" or "items.0.name"')

/** The value at a dotted path, or undefined when any step is missing. */
export function valueAtPath (value: unknown, path: string): unknown {
  let current = value
  for (const segment of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)]
    else if (isJsonObject(current) && Object.hasOwn(current, segment)) current = current[segment]
    else return undefined
  }
  return current
}
