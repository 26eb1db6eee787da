import type { Operation } from '../../kernel/registry/define-operation.ts'
import { EXAMPLE_FIXTURES, placeholderNames, type OperationExample } from '../../kernel/registry/operation-example.ts'
import { paramsJsonSchema, returnsJsonSchema } from '../../kernel/registry/manifest.ts'
import { callErrorCodes } from '../../kernel/registry/error-codes.ts'
import { scalarType, type JsonSchema } from '../http/query-schema.ts'
import { componentSchemas } from './component-schemas.ts'
import { failureResponses, headerParameters, previewParameters, successResponse } from './envelopes.ts'
import { ref, type Fragment, type JsonObject } from './types.ts'
import { weakMemo } from '../../platform/lib/weak-memo.ts'

/** Codes only a request body can bring: the GET read form has none. */
const BODY_ERRORS = new Set(['bad_request', 'payload_too_large', 'unsupported_media_type'])

export const operationPath = (operation: Operation) => `/manage/${operation.resource}/${operation.action}`

/** The operationId of the GET read form; `resource.action` (the POST) plus a third part no operation name has. */
const queryOperationId = (operation: Operation) => `${operation.name}.query`

/** The body the per-operation route takes for an example: its params, with `confirm` inside when the example confirms. */
function exampleBody (operation: Pick<Operation, 'params'>, params: Record<string, unknown>, confirm: boolean | undefined): Record<string, unknown> {
  return confirm && 'confirm' in operation.params.shape ? { ...params, confirm: true } : params
}

const PLACEHOLDER_NOTE = [
  '`{{name.path}}` stands for the value at `path` in the data named `name`',
  ...Object.entries(EXAMPLE_FIXTURES).map(([name, meaning]) => `\`${name}\`: ${meaning}`),
].join('; ') + '.'

function exampleDescription (example: OperationExample): string | undefined {
  const lines = [
    ...(example.setup ?? []).map(step => `First \`${step.operation}\` with \`${JSON.stringify(step.params)}\`${step.confirm ? ' (confirmed)' : ''}, its data named \`${step.as}\`.`),
    ...example.refusal ? [`Answers \`${example.refusal}\`.`] : [],
  ]
  if (placeholderNames([example.params, ...(example.setup ?? []).map(step => step.params)]).size > 0) lines.push(PLACEHOLDER_NOTE)
  return lines.length > 0 ? lines.join('\n\n') : undefined
}

function requestExamples (operation: Operation): JsonObject {
  return Object.fromEntries(operation.examples.map((example, index) => {
    const description = exampleDescription(example)
    return [`example_${index + 1}`, {
      summary: example.title ?? operation.summary,
      ...description ? { description } : {},
      value: exampleBody(operation, example.params, example.confirm),
    }]
  }))
}

/** Scalar params as query parameters; object and array params together, as one JSON object in `params=`. */
function queryParameters (params: JsonSchema): JsonObject[] {
  const required = new Set(params.required ?? [])
  const entries = Object.entries(params.properties ?? {})
  const scalars = entries.filter(([, property]) => scalarType(property) !== undefined)
  const objects = entries.filter(([, property]) => scalarType(property) === undefined)
  const parameters: JsonObject[] = scalars.map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...property.description ? { description: property.description } : {},
    schema: property,
  }))
  if (objects.length === 0) return parameters
  const objectRequired = objects.map(([name]) => name).filter(name => required.has(name))
  parameters.push({
    name: 'params',
    in: 'query',
    required: objectRequired.length > 0,
    description: `The object and array params (${objects.map(([name]) => name).join(', ')}) as one JSON object.`,
    content: {
      'application/json': {
        schema: { type: 'object', properties: Object.fromEntries(objects), ...objectRequired.length > 0 ? { required: objectRequired } : {}, additionalProperties: false },
      },
    },
  })
  return parameters
}

function extensions (operation: Operation): JsonObject {
  return {
    'x-svc-capability': operation.capability,
    'x-svc-readonly': operation.readonly,
    'x-svc-destructive': operation.destructive,
    'x-svc-idempotent': operation.idempotent,
    'x-svc-open-world': operation.openWorld,
    'x-svc-module': operation.module,
    'x-svc-since': operation.since,
    'x-svc-enabled': true,
    ...(operation.deprecated ? { deprecated: true, 'x-svc-deprecation': operation.deprecated } : {}),
  }
}

function operationDescription (operation: Operation): string {
  const confirm = operation.destructive ? '\n\nDestructive: runs only with `"confirm": true` in the body; without it the answer is 400 `confirm_required` and nothing changes.' : ''
  const deprecated = operation.deprecated
    ? `\n\nDeprecated on ${operation.deprecated.on}: works until ${operation.deprecated.sunset}; use ${operation.deprecated.replacement} instead. Each call answers with \`Deprecation\` and \`Sunset\` headers.`
    : ''
  return `${operation.description}${confirm}${deprecated}`
}

function buildFragment (operation: Operation): Fragment {
  const paramsName = `${operation.name}.params`
  const returnsName = `${operation.name}.returns`
  const params = componentSchemas(paramsName, paramsJsonSchema(operation))
  const returns = componentSchemas(returnsName, returnsJsonSchema(operation))
  const codes = callErrorCodes(operation)
  const post = failureResponses(codes)
  const get = failureResponses(codes.filter(code => !BODY_ERRORS.has(code)))
  const success = successResponse(`${operation.summary} \`data\` is \`${returnsName}\`.`, ref('schemas', returnsName))
  const common = { summary: operation.summary, description: operationDescription(operation), tags: [operation.resource], ...extensions(operation) }
  const required = (params[paramsName]!.required ?? []) as string[]
  const item: JsonObject = {
    post: {
      operationId: operation.name,
      ...common,
      parameters: [...headerParameters(!operation.readonly), ...operation.notPreviewable === null ? previewParameters() : []],
      requestBody: {
        required: required.length > 0,
        description: 'The params. No body is the same as `{}`.',
        content: { 'application/json': { schema: ref('schemas', paramsName), examples: requestExamples(operation) } },
      },
      // An operation that starts a job answers 202 with its Location.
      responses: { [operation.startsJob ? 202 : 200]: success, ...post.byStatus },
    },
  }
  if (operation.readonly) {
    item.get = {
      operationId: queryOperationId(operation),
      ...common,
      summary: `${operation.summary} (read form)`,
      parameters: [...queryParameters(params[paramsName] as JsonSchema), ...headerParameters(false)],
      responses: { 200: success, ...get.byStatus },
    }
  }
  return {
    paths: { [operationPath(operation)]: item },
    schemas: { ...params, ...returns },
    responses: { ...post.responses, ...get.responses },
  }
}

/** An operation's paths and components; operations never change after registration, so built once. */
export const operationFragment = weakMemo(buildFragment)
