/** The part of a JSON Schema the GET read form looks at. */
export type JsonSchema = { type?: string | string[], properties?: Record<string, JsonSchema>, required?: string[], anyOf?: JsonSchema[], description?: string }

/** The scalar type a query-string value is read as, or undefined for objects and arrays (sent as JSON in `params=`). */
export function scalarType (schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined
  if (typeof schema.type === 'string') return ['string', 'integer', 'number', 'boolean'].includes(schema.type) ? schema.type : undefined
  return schema.anyOf?.map(scalarType).find(type => type !== undefined)
}
