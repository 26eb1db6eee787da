import type { Operation } from '../registry/define-operation.ts'
import { DEPRECATION_KEYWORD, type Deprecation } from '../registry/deprecation.ts'
import { paramsJsonSchema, returnsJsonSchema } from '../registry/manifest.ts'
import { weakMemo } from '../../platform/lib/weak-memo.ts'

/** What a call used that is deprecated: the operation (`crm.old_list`), a param (`crm.list params.legacy`) or a returned field. */
export type DeprecatedUse = Deprecation & { use: string }

type DeprecatedFields = { params: [string, Deprecation][], returns: [string, Deprecation][] }

function deprecatedProperties (schema: Record<string, unknown>): [string, Deprecation][] {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
  return Object.entries(properties)
    .filter(([, property]) => property.deprecated === true && typeof property[DEPRECATION_KEYWORD] === 'object')
    .map(([name, property]) => [name, property[DEPRECATION_KEYWORD] as Deprecation])
}

/** The operation's deprecated params and top-level returned fields, read once from its JSON Schemas. */
const deprecatedFieldsOf = weakMemo((operation: Operation): DeprecatedFields => ({
  params: deprecatedProperties(paramsJsonSchema(operation)),
  returns: deprecatedProperties(returnsJsonSchema(operation)),
}))

const keysOf = (value: unknown): ReadonlySet<string> =>
  new Set(value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [])

/** What of the deprecated a call uses by being made: the operation itself, and each deprecated param it sent. */
export function deprecatedInCall (operation: Operation, params: unknown): DeprecatedUse[] {
  // Most operations deprecate nothing: no walk over what was sent.
  if (!operation.deprecated && deprecatedFieldsOf(operation).params.length === 0) return []
  const sent = keysOf(params)
  return [
    ...operation.deprecated ? [{ use: operation.name, ...operation.deprecated }] : [],
    ...deprecatedFieldsOf(operation).params.filter(([name]) => sent.has(name)).map(([name, deprecation]) => ({ use: `${operation.name} params.${name}`, ...deprecation })),
  ]
}

/** Each deprecated top-level field the call's answer carries. */
export function deprecatedInAnswer (operation: Operation, data: unknown): DeprecatedUse[] {
  if (deprecatedFieldsOf(operation).returns.length === 0) return []
  const returned = keysOf(data)
  return deprecatedFieldsOf(operation).returns.filter(([name]) => returned.has(name)).map(([name, deprecation]) => ({ use: `${operation.name} returns.${name}`, ...deprecation }))
}
