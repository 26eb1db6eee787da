import { ref, type JsonObject } from './types.ts'

const LOCAL_DEFINITION = '#/$defs/'

function rewriteRefs (value: unknown, target: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map(item => rewriteRefs(item, target))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) =>
    [key, key === '$ref' && typeof inner === 'string' ? target(inner) : rewriteRefs(inner, target)]))
}

/**
 * A schema of the registry (a standalone JSON Schema document) as OpenAPI components: its own
 * under `name`, each of its `$defs` beside it as `name.def`, and every `$ref` pointing there,
 * since inside the OpenAPI document `#` is the document's root, not the schema's.
 */
export function componentSchemas (name: string, schema: JsonObject): Record<string, JsonObject> {
  const { $schema: _dialect, $defs, ...root } = schema
  const target = (pointer: string) => {
    if (pointer === '#') return ref('schemas', name).$ref
    if (pointer.startsWith(LOCAL_DEFINITION)) return ref('schemas', `${name}.${pointer.slice(LOCAL_DEFINITION.length)}`).$ref
    return pointer
  }
  const definitions = Object.entries(($defs ?? {}) as Record<string, JsonObject>)
  return {
    [name]: rewriteRefs(root, target) as JsonObject,
    ...Object.fromEntries(definitions.map(([definition, inner]) => [`${name}.${definition}`, rewriteRefs(inner, target) as JsonObject])),
  }
}
