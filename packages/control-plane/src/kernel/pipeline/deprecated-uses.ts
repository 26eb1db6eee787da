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

/**
 * What of the deprecated a call used: the operation itself, each deprecated param it sent, each
 * deprecated field its data carries (`data` is undefined for a refusal or a replayed answer).
 */
export function deprecatedUses (operation: Operation, params: unknown, data?: unknown): DeprecatedUse[] {
  const fields = deprecatedFieldsOf(operation)
  const [sent, returned] = [keysOf(params), keysOf(data)]
  return [
    ...operation.deprecated ? [{ use: operation.name, ...operation.deprecated }] : [],
    ...fields.params.filter(([name]) => sent.has(name)).map(([name, deprecation]) => ({ use: `${operation.name} params.${name}`, ...deprecation })),
    ...fields.returns.filter(([name]) => returned.has(name)).map(([name, deprecation]) => ({ use: `${operation.name} returns.${name}`, ...deprecation })),
  ]
}
