import type { ErrorCode } from '../../platform/errors/errors.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { callErrorCodes } from '../../kernel/registry/error-codes.ts'
import { failureResponses, headerParameters, headers as responseHeaders, successResponse } from './envelopes.ts'
import { ref, type Fragment, type JsonObject } from './types.ts'
import { toJsonSchema } from '../../kernel/registry/manifest.ts'
import { previewAnswer } from '../../platform/change-sets/change-schema.ts'

/** The tag of the paths that are not operations of a resource; resource names cannot contain `-`. */
export const CONTROL_PLANE_TAG = 'control-plane'

const READER_ERRORS: ErrorCode[] = ['unauthenticated', 'forbidden', 'rate_limited', 'internal']

function dispatchExamples (operations: readonly Operation[]): JsonObject {
  return Object.fromEntries(operations.flatMap(operation => operation.examples.slice(0, 1).map(example => [operation.name, {
    summary: example.title ?? operation.summary,
    value: { resource: operation.resource, action: operation.action, params: example.params, ...example.confirm ? { confirm: true } : {} },
  }])))
}

function dispatchFragment (operations: readonly Operation[]): Fragment {
  const codes = [...new Set<ErrorCode>(['unknown_operation', ...operations.flatMap(callErrorCodes)])]
  const failures = failureResponses(codes)
  const resources = [...new Set(operations.map(operation => operation.resource))]
  return {
    paths: {
      '/manage/dispatch': {
        post: {
          operationId: 'dispatch',
          tags: [CONTROL_PLANE_TAG],
          summary: 'Run any operation, named in the body',
          description: 'The stable endpoint of the contract: one route for every operation. `confirm` may be given at the top level or in `params`. ' +
            'Each operation\'s own route (`/manage/{resource}/{action}`) takes the same call with typed params and data.',
          parameters: headerParameters(true),
          requestBody: { required: true, content: { 'application/json': { schema: ref('schemas', 'DispatchRequest'), examples: dispatchExamples(operations) } } },
          responses: { 200: successResponse('The operation ran; `data` is typed by its own route.', { description: 'The operation\'s data.' }), ...failures.byStatus },
        },
      },
    },
    schemas: {
      DispatchRequest: {
        type: 'object',
        required: ['resource', 'action'],
        properties: {
          resource: { type: 'string', enum: resources },
          action: { type: 'string' },
          params: { type: 'object', description: 'The operation\'s params; `{}` when it takes none.' },
          confirm: { type: 'boolean', description: 'Must be true for a destructive operation to run.' },
          preview: { type: 'boolean', description: 'Run the call in a transaction that is rolled back and answer what it would change: `data: {preview: {operation, changes, effects, result}, plan, plan_expires_at}` (the `PreviewAnswer` schema). An operation whose manifest entry says `previewable: false` answers 400 `not_previewable`.', 'x-since': '1.5.000' },
          plan: { type: 'string', description: 'Instead of `preview`: the plan a preview of this same call answered; the call runs only if nothing it previewed moved since (409 `plan_stale` otherwise).', 'x-since': '1.5.000' },
        },
        additionalProperties: false,
      },
      // What a call sent with `preview: true` (dispatch's body, a route's `?preview`) answers as `data`.
      PreviewAnswer: { ...toJsonSchema(previewAnswer, 'output'), 'x-since': '1.5.000' },
    },
    responses: failures.responses,
  }
}

function readerPath (operationId: string, summary: string, success: JsonObject): JsonObject {
  return { get: { operationId, tags: [CONTROL_PLANE_TAG], summary, responses: { 200: success, ...failureResponses(READER_ERRORS).byStatus } } }
}

/** Dispatch, the manifest, this document and its reference page. */
export function fixedFragment (operations: readonly Operation[]): Fragment {
  const dispatch = dispatchFragment(operations)
  const headers = responseHeaders()
  return {
    paths: {
      ...dispatch.paths,
      '/manage/manifest': readerPath('manifest', 'Every operation with its schemas, flags and examples', successResponse('The manifest.', ref('schemas', 'Manifest'))),
      '/openapi.json': readerPath('openapi', 'This OpenAPI document, generated from the registry', {
        description: 'The document.', headers, content: { 'application/json': { schema: { type: 'object' } } },
      }),
      '/docs': readerPath('docs', 'The API reference page that renders this document', {
        description: 'An HTML page.', headers, content: { 'text/html': { schema: { type: 'string' } } },
      }),
    },
    schemas: dispatch.schemas,
    responses: { ...dispatch.responses, ...failureResponses(READER_ERRORS).responses },
  }
}
