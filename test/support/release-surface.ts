import type { Operation } from '../../packages/control-plane/src/kernel/registry/define-operation.ts'
import { paramsJsonSchema, returnsJsonSchema } from '../../packages/control-plane/src/kernel/registry/manifest.ts'

/** What a release offered of one operation: its params and its top-level returned fields, by name. */
type OperationSurface = { params: string[], returns: string[] }

/** A release's operations, by name: what the next release must keep, and what it adds must say `since` of. */
export type ReleaseSurface = Record<string, OperationSurface>

const propertiesOf = (schema: Record<string, unknown>): Record<string, Record<string, unknown>> =>
  (schema.properties ?? {}) as Record<string, Record<string, unknown>>

export function releaseSurface (operations: readonly Operation[]): ReleaseSurface {
  return Object.fromEntries([...operations].sort((a, b) => a.name.localeCompare(b.name)).map(operation => [operation.name, {
    params: Object.keys(propertiesOf(paramsJsonSchema(operation))).sort(),
    returns: Object.keys(propertiesOf(returnsJsonSchema(operation))).sort(),
  }]))
}

/** The params and returned fields (`params.x`, `returns.y`) of `operation`, each with its JSON Schema. */
export function fieldsOf (operation: Operation): [string, Record<string, unknown>][] {
  return [
    ...Object.entries(propertiesOf(paramsJsonSchema(operation))).map(([name, schema]) => [`params.${name}`, schema] as [string, Record<string, unknown>]),
    ...Object.entries(propertiesOf(returnsJsonSchema(operation))).map(([name, schema]) => [`returns.${name}`, schema] as [string, Record<string, unknown>]),
  ]
}
