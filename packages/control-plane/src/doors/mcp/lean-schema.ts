type JsonSchema = Record<string, unknown>

/** Keywords whose values are data (a list of values, a value, names), never subschemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'required', 'examples', 'default'])

/** Keywords that hold a map of named subschemas rather than one schema. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties'])

/**
 * Keywords that tell a client what a result holds; the rest (descriptions, lengths, patterns,
 * `required`, enums, closed objects) only make the check stricter, and the manifest keeps them.
 */
const SHAPE_KEYWORDS = new Set(['type', 'properties', 'items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'const', 'additionalProperties', '$ref', '$defs'])

/** A subschema is worth a `$defs` entry when it is this long and appears more than once. */
const SHARED_MIN_LENGTH = 120

/**
 * How many levels of named fields (or list items) an output schema spells out below the result's
 * own fields; deeper objects and lists are given by their type alone.
 */
const OUTPUT_FIELD_DEPTH = 0

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The node with `visit` applied to each subschema right under it (a named field's one level
 * deeper, `nested` true), data keywords left as they are.
 */
function mapChildren (node: JsonSchema, visit: (child: unknown, nested: boolean, keyword: string) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(node).map(([keyword, value]) => {
    if (DATA_KEYWORDS.has(keyword)) return [keyword, value]
    if (SCHEMA_MAPS.has(keyword) && isSchema(value)) {
      return [keyword, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub, true, keyword)]))]
    }
    if (Array.isArray(value)) return [keyword, value.map(item => visit(item, false, keyword))]
    return [keyword, isSchema(value) ? visit(value, false, keyword) : value]
  }))
}

/** An alternative that is only alternatives is its alternatives: `anyOf: [{anyOf: [a, b]}, c]` is `anyOf: [a, b, c]`. */
const flattened = (alternatives: unknown[]): unknown[] => alternatives.flatMap(alternative =>
  isSchema(alternative) && Object.keys(alternative).join() === 'anyOf' && Array.isArray(alternative.anyOf) ? flattened(alternative.anyOf) : [alternative])

/** `{anyOf: [{type: 'integer'}, {type: 'null'}]}` says no more than `{type: ['integer', 'null']}`. */
function mergedTypes (schema: JsonSchema): JsonSchema {
  const node = Array.isArray(schema.anyOf) ? { ...schema, anyOf: flattened(schema.anyOf) } : schema
  const { anyOf, ...rest } = node
  if (!Array.isArray(anyOf) || 'type' in node) return node
  const types: unknown[] = []
  for (const alternative of anyOf) {
    if (!isSchema(alternative) || Object.keys(alternative).join() !== 'type') return node
    types.push(...[alternative.type].flat())
  }
  const unique = [...new Set(types)]
  return { ...rest, type: unique.length === 1 ? unique[0] : unique }
}

/** The schema with only the keywords `keep` allows, and type alternatives merged. */
function filtered (schema: unknown, keep: (keyword: string, value: unknown) => boolean): unknown {
  if (!isSchema(schema)) return schema
  const kept = Object.fromEntries(Object.entries(schema).filter(([keyword, value]) => keep(keyword, value)))
  return mergedTypes(mapChildren(kept, child => filtered(child, keep)))
}

/** The schema without descriptions below the params themselves (and their alternatives). */
function withoutNestedDescriptions (schema: unknown, depth: number): unknown {
  if (!isSchema(schema)) return schema
  const node = depth > 1 ? Object.fromEntries(Object.entries(schema).filter(([keyword]) => keyword !== 'description')) : schema
  return mapChildren(node, (child, nested) => withoutNestedDescriptions(child, nested ? depth + 1 : depth))
}

/** The schema with the fields (or items) below `depth` levels given by their type alone. */
function shallow (schema: unknown, depth: number): unknown {
  if (!isSchema(schema)) return schema
  if (depth === 0 && ('properties' in schema || 'items' in schema || 'additionalProperties' in schema)) return 'type' in schema ? { type: schema.type } : {}
  return mapChildren(schema, (child, nested, keyword) => shallow(child, nested || keyword === 'items' ? depth - 1 : depth))
}

/** Every subschema under the root, as JSON. */
function subschemas (schema: JsonSchema, found: string[] = []): string[] {
  mapChildren(schema, child => {
    if (isSchema(child)) {
      found.push(JSON.stringify(child))
      subschemas(child, found)
    }
    return child
  })
  return found
}

function replaceShared (schema: JsonSchema, refs: ReadonlyMap<string, string>): JsonSchema {
  return mapChildren(schema, child => {
    if (!isSchema(child)) return child
    const ref = refs.get(JSON.stringify(child))
    return ref === undefined ? replaceShared(child, refs) : { $ref: `#/$defs/${ref}` }
  })
}

/**
 * A subschema written out more than once in a tool's schema is written once, under `$defs`, and
 * referenced where it was (a schema that already has `$defs` is left as it is: its references
 * would have to be rewritten too).
 */
function shareRepeatedParts (schema: JsonSchema): JsonSchema {
  if ('$defs' in schema) return schema
  const counts = new Map<string, number>()
  for (const json of subschemas(schema)) if (json.length >= SHARED_MIN_LENGTH) counts.set(json, (counts.get(json) ?? 0) + 1)
  // The outermost repeated parts only: a part inside another shared one goes with it.
  const shared = [...counts].filter(([, count]) => count > 1).map(([json]) => json).sort((a, b) => b.length - a.length)
  const kept: string[] = []
  for (const json of shared) if (!kept.some(outer => outer.includes(json))) kept.push(json)
  if (kept.length === 0) return schema
  const refs = new Map(kept.map((json, index) => [json, `s${index}`]))
  return { ...replaceShared(schema, refs), $defs: Object.fromEntries(kept.map((json, index) => [`s${index}`, JSON.parse(json) as unknown])) }
}

/**
 * A tool's `inputSchema` as `tools/list` sends it: the params' JSON Schema with what a caller
 * needs (types, constraints, the params' descriptions), without the dialect line a tool schema
 * implies (2020-12 is MCP's default), without descriptions of fields inside an object param (the
 * operation that writes them directly, and the manifest, describe them), with repeated parts
 * written once.
 */
export function leanInputSchema (schema: JsonSchema): JsonSchema {
  const params = filtered(schema, keyword => keyword !== '$schema')
  return shareRepeatedParts(withoutNestedDescriptions(params, 0) as JsonSchema)
}

/**
 * A tool's `outputSchema` as `tools/list` sends it: only the shape a client checks
 * `structuredContent` against — the result's fields and their types, an object or list inside
 * one by its type alone — with repeated parts written once. The manifest (`svc://manifest`) has the full one.
 */
export function leanOutputSchema (schema: JsonSchema): JsonSchema {
  // `additionalProperties: false` closes an object; a schema in it (a map's values) says what it holds.
  const shape = filtered(schema, (keyword, value) => SHAPE_KEYWORDS.has(keyword) && !(keyword === 'additionalProperties' && value === false))
  // Once nested objects are given by their type, `{anyOf: [{type: 'object'}, {type: 'null'}]}` merges too.
  const merged = filtered(shallow(shape, OUTPUT_FIELD_DEPTH + 1), () => true)
  return shareRepeatedParts(merged as JsonSchema)
}
