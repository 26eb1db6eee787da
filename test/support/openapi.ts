import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { JsonObject as Json } from './json.ts'

const DOCUMENT_ID = 'https://svc.invalid/openapi.json'

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1')

function at (document: Json, pointer: string): Json | undefined {
  return pointer.split('/').slice(1).reduce<Json>((value, segment) => value?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')], document)
}

/**
 * Checks responses against an OpenAPI document with ajv (JSON Schema 2020-12): the document is
 * added whole, so its own `$ref`s resolve, and each response schema is compiled by pointer.
 * Returns a function giving what does not conform, or null.
 */
export function responseChecker (document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema(document, DOCUMENT_ID)
  const compiled = new Map<string, ValidateFunction>()
  return (method: 'get' | 'post', path: string, status: number, body: unknown): string | null => {
    let pointer = `/paths/${escapePointer(path)}/${method}/responses/${status}`
    let response = at(document, pointer)
    if (response?.$ref) {
      pointer = (response.$ref as string).slice(1)
      response = at(document, pointer)
    }
    if (!response) return `${method.toUpperCase()} ${path} documents no ${status} response`
    const schemaPointer = `${pointer}/content/${escapePointer('application/json')}/schema`
    if (!at(document, schemaPointer)) return `${method.toUpperCase()} ${path} ${status} documents no JSON body`
    let validate = compiled.get(schemaPointer)
    if (!validate) compiled.set(schemaPointer, validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${schemaPointer}` }))
    return validate(body) ? null : `${method.toUpperCase()} ${path} ${status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 500)}`
  }
}

/** The body of the per-operation route for a call given as dispatch gives it: `confirm` moves inside, where the params declare it. */
export function routeBody (operation: { params: Json }, params: Record<string, unknown>, confirm: boolean | undefined): Record<string, unknown> {
  return confirm && operation.params.properties?.confirm ? { ...params, confirm: true } : params
}
