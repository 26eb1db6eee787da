/** The parts of JSON Schema (2020-12, as the manifest prints it) that shape a form. */
export type JsonSchema = {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
  minimum?: number
  maximum?: number
}

type TextInput = 'text' | 'email' | 'url' | 'password'

type FieldKind =
  | { type: 'text', input: TextInput }
  | { type: 'number', integer: boolean, minimum?: number | undefined, maximum?: number | undefined }
  | { type: 'boolean' }
  | { type: 'choice', options: unknown[] }
  | { type: 'json', shape: 'object' | 'array' | 'value' }

export type SchemaField = {
  name: string
  /** What the input is called on screen. @default name */
  label?: string
  description: string | undefined
  required: boolean
  kind: FieldKind
}

/** A field's value as the form holds it: text as typed, numbers as numbers, undefined for "not set". */
export type FieldValue = string | number | boolean | undefined

export type FormValues = Record<string, FieldValue>

export type ParamsResult =
  | { ok: true, params: Record<string, unknown> }
  | { ok: false, errors: Record<string, string> }

/** Write-only values are typed into a masked input. */
const SECRET_NAME = /(^|_)(secret|password|api_key|token)$/

const FORMAT_INPUT: Record<string, TextInput> = { email: 'email', uri: 'url', url: 'url' }

function typesOf (schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  return schema.type ? [schema.type] : []
}

/** The alternatives of a schema, nested unions flattened, `null` and the empty-string constant dropped. */
function alternatives (schema: JsonSchema): JsonSchema[] {
  const union = schema.anyOf ?? schema.oneOf
  if (!union) return [schema]
  return union.flatMap(alternatives).filter(branch => !(typesOf(branch).length === 1 && typesOf(branch)[0] === 'null') && branch.const !== '')
}

function choicesOf (branches: JsonSchema[]): unknown[] | null {
  const values = branches.flatMap(branch => branch.enum ?? ('const' in branch ? [branch.const] : [undefined]))
  return values.every(value => typeof value === 'string' || typeof value === 'number') ? values : null
}

function kindOf (name: string, schema: JsonSchema): FieldKind {
  const branches = alternatives(schema)
  const choices = choicesOf(branches)
  if (choices && choices.length > 0) return { type: 'choice', options: choices }
  const branch = branches.length === 1 ? branches[0]! : null
  const type = branch ? typesOf(branch).filter(t => t !== 'null') : []
  if (!branch || type.length !== 1) return { type: 'json', shape: 'value' }
  switch (type[0]) {
    case 'string': return { type: 'text', input: SECRET_NAME.test(name) ? 'password' : FORMAT_INPUT[branch.format ?? ''] ?? 'text' }
    case 'integer':
    case 'number': return { type: 'number', integer: type[0] === 'integer', minimum: branch.minimum, maximum: branch.maximum }
    case 'boolean': return { type: 'boolean' }
    case 'array': return { type: 'json', shape: 'array' }
    case 'object': return { type: 'json', shape: 'object' }
    default: return { type: 'json', shape: 'value' }
  }
}

/** One form field per property of an object schema, in the schema's order. */
export function schemaFields (schema: JsonSchema, { omit = [] }: { omit?: readonly string[] } = {}): SchemaField[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !omit.includes(name))
    .map(([name, property]) => ({
      name,
      description: property.description ?? alternatives(property).find(branch => branch.description)?.description,
      required: required.has(name),
      kind: kindOf(name, property),
    }))
}

/** Labels in words ("Max tokens") for forms outside the console, where param names would read as code. */
export function labelled (fields: readonly SchemaField[]): SchemaField[] {
  return fields.map(field => ({ ...field, label: field.name.replace(/_/g, ' ').replace(/^./, first => first.toUpperCase()) }))
}

/** The form's values for params already known, e.g. a stored mapping to edit. */
export function valuesFromParams (fields: readonly SchemaField[], params: Record<string, unknown> = {}): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    const value = params[field.name]
    if (value === undefined || value === null) continue
    if (field.kind.type === 'json') values[field.name] = JSON.stringify(value, null, 2)
    else if (field.kind.type === 'choice') values[field.name] = JSON.stringify(value)
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[field.name] = value
  }
  return values
}

function parseJson (text: string): { ok: true, value: unknown } | { ok: false, message: string } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${(error as Error).message}` }
  }
}

function shapeError (shape: 'object' | 'array' | 'value', value: unknown): string | null {
  if (shape === 'object' && (typeof value !== 'object' || value === null || Array.isArray(value))) return 'must be a JSON object'
  if (shape === 'array' && !Array.isArray(value)) return 'must be a JSON array'
  return null
}

/**
 * The params to send: fields left empty are omitted, so the server's own rules (required fields,
 * defaults) decide. Only what the server could not read at all — broken JSON — is stopped here.
 */
export function paramsFromValues (fields: readonly SchemaField[], values: FormValues): ParamsResult {
  const params: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  for (const field of fields) {
    const value = values[field.name]
    if (value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value))) {
      if (field.kind.type === 'boolean' && field.required) params[field.name] = false
      continue
    }
    if (field.kind.type === 'choice' && typeof value === 'string') {
      params[field.name] = JSON.parse(value)
    } else if (field.kind.type === 'json' && typeof value === 'string') {
      const parsed = parseJson(value)
      const problem = parsed.ok ? shapeError(field.kind.shape, parsed.value) : parsed.message
      if (problem) errors[field.name] = problem
      else if (parsed.ok) params[field.name] = parsed.value
    } else {
      params[field.name] = value
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, params }
}

/**
 * Error messages per param, from an `invalid_params` envelope's `details.issues` (dotted paths):
 * the top-level params, or those under `under` (e.g. `stages.2.options`).
 */
export function issuesByField (details: unknown, under?: string): Record<string, string> {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues
  if (!Array.isArray(issues)) return {}
  const prefix = under ? `${under}.` : ''
  const byField: Record<string, string> = {}
  for (const issue of issues as { path?: unknown, message?: unknown }[]) {
    if (typeof issue.path !== 'string' || !issue.path.startsWith(prefix)) continue
    const name = issue.path.slice(prefix.length).split('.')[0]
    if (name && typeof issue.message === 'string') byField[name] ??= issue.message
  }
  return byField
}
