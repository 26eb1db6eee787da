import { ERROR_STATUS } from '../../platform/errors/errors.ts'
import type { JsonObject } from './types.ts'

const CODES = { enum: Object.keys(ERROR_STATUS) }
const string = { type: 'string' }
const boolean = { type: 'boolean' }
const object = { type: 'object' }

const EXAMPLE_STEP: JsonObject = {
  type: 'object',
  required: ['operation', 'params', 'as'],
  properties: { operation: string, params: object, confirm: boolean, as: string },
}

/** The manifest's `data`, for the OpenAPI document; the manifest suite checks a real one against it. */
export const MANIFEST_SCHEMAS: Record<string, JsonObject> = {
  Manifest: {
    type: 'object',
    required: ['namespace', 'product_version', 'example_fixtures', 'operations'],
    properties: {
      namespace: string,
      product_version: string,
      example_fixtures: { type: 'object', additionalProperties: string, description: 'What the placeholders no setup step binds stand for.' },
      operations: { type: 'array', items: { $ref: '#/components/schemas/ManifestEntry' } },
      events: {
        type: 'array',
        description: 'The outbound event types webhook subscriptions receive, each with the JSON Schema of its `data`.',
        items: { type: 'object', required: ['type', 'summary', 'data'], properties: { type: string, summary: string, data: object } },
      },
    },
  },
  ManifestEntry: {
    type: 'object',
    required: ['name', 'resource', 'action', 'summary', 'description', 'capability', 'readonly', 'destructive', 'idempotent', 'open_world', 'person_confirms', 'since', 'module', 'examples', 'errors', 'enabled', 'params', 'returns', 'get_path'],
    properties: {
      name: { ...string, description: '`resource.action`' },
      resource: string,
      action: string,
      summary: string,
      description: string,
      capability: string,
      readonly: boolean,
      destructive: boolean,
      idempotent: boolean,
      open_world: { ...boolean, description: 'Reaches outside the site (e-mail, providers, other systems).' },
      previewable: { ...boolean, description: 'A call can be previewed: preview: true runs it in a transaction that is rolled back and answers what it would change, with a plan to apply it (docs/http-api.md, "Preview, plan and revert").' },
      previewable_reason: { type: ['string', 'null'], description: 'Why a call cannot be previewed (it changes nothing, reaches another system while it runs, or starts a job); null when it can.' },
      person_confirms: { ...boolean, description: 'Over MCP, a person confirms each call through the client before it runs (input_required or elicitation); a client that cannot ask gets the call held for an administrator.' },
      since: { ...string, description: 'The product version of the release that brought the operation (`1.4.000`, the first).' },
      deprecated: { type: 'boolean', const: true, description: 'Present on a deprecated operation only: it works until `deprecation.sunset`.' },
      deprecation: {
        type: 'object',
        required: ['on', 'sunset', 'replacement'],
        properties: {
          on: { ...string, format: 'date', description: 'The day it was deprecated (the `Deprecation` header).' },
          sunset: { ...string, format: 'date', description: 'The first day it may stop working (the `Sunset` header).' },
          replacement: { ...string, description: 'What to use instead.' },
        },
      },
      module: string,
      examples: {
        type: 'array',
        items: {
          type: 'object',
          required: ['title', 'params'],
          properties: { title: string, params: object, confirm: boolean, setup: { type: 'array', items: EXAMPLE_STEP }, refusal: CODES },
        },
      },
      errors: { type: 'array', items: CODES, description: 'Every error code a call can answer with.' },
      enabled: { ...boolean, description: 'False while the operation\'s module is disabled.' },
      params: { ...object, description: 'JSON Schema (2020-12) of the params.' },
      returns: { ...object, description: 'JSON Schema (2020-12) of `data`.' },
      get_path: { type: ['string', 'null'], description: 'The GET read form\'s path, for readonly operations.' },
    },
  },
}
