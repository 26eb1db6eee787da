/** A JSON Schema (2020-12) or an OpenAPI object, as plain JSON. */
export type JsonObject = Record<string, unknown>

/** Part of an OpenAPI document: paths and the components they refer to. Merged by name; a name always means the same thing. */
export type Fragment = {
  paths: Record<string, JsonObject>
  schemas: Record<string, JsonObject>
  responses: Record<string, JsonObject>
}

export type ComponentKind = 'schemas' | 'responses' | 'headers' | 'parameters' | 'securitySchemes'

/** Component names match `^[a-zA-Z0-9._-]+$`, so they need no escaping in a JSON pointer. */
export const ref = (kind: ComponentKind, name: string) => ({ $ref: `#/components/${kind}/${name}` })

const byName = (parts: readonly Record<string, JsonObject>[]): Record<string, JsonObject> =>
  Object.fromEntries(parts.flatMap(part => Object.entries(part)))

export function mergeFragments (fragments: readonly Fragment[]): Fragment {
  return {
    paths: byName(fragments.map(fragment => fragment.paths)),
    schemas: byName(fragments.map(fragment => fragment.schemas)),
    responses: byName(fragments.map(fragment => fragment.responses)),
  }
}
