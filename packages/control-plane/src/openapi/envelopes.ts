import { ERROR_STATUS, type ErrorCode } from '../errors.ts'
import { ERROR_DESCRIPTIONS } from './error-descriptions.ts'
import { ref, type Fragment, type JsonObject } from './types.ts'

const ALL_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

/** `{ok: false, data: null, changed: false, error, code, details?}`: every failure, whatever answered it. */
export const FAILURE_SCHEMA: JsonObject = {
  type: 'object',
  required: ['ok', 'data', 'changed', 'error', 'code'],
  properties: {
    ok: { const: false },
    data: { type: 'null' },
    changed: { const: false },
    error: { type: 'string', description: 'What went wrong, for people; never a stack trace.' },
    code: { enum: ALL_CODES, description: 'What went wrong, for programs.' },
    details: { type: 'object', description: 'More about it: `issues` for invalid_params, `retry_after` for rate_limited, …' },
  },
  additionalProperties: false,
}

export const HEADERS: Record<string, JsonObject> = {
  'Svc-Version': { description: 'The product version that answered.', schema: { type: 'string' } },
  'WWW-Authenticate': { description: 'How to authenticate: `Bearer realm="svc"`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
}

const headers = (...names: string[]) => Object.fromEntries(['Svc-Version', ...names].map(name => [name, ref('headers', name)]))

/** The `200` of a call: the success envelope with `data` typed by the operation's returns schema. */
export function successResponse (description: string, data: JsonObject): JsonObject {
  return {
    description,
    headers: headers(),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['ok', 'data', 'changed', 'error'],
          properties: {
            ok: { const: true },
            data,
            changed: { type: 'boolean', description: 'True when stored state was modified.' },
            error: { type: 'null' },
          },
          additionalProperties: false,
        },
      },
    },
  }
}

function failureResponse (status: number, codes: readonly ErrorCode[]): JsonObject {
  return {
    description: codes.map(code => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}.`).join(' '),
    headers: headers(...status === 401 ? ['WWW-Authenticate'] : [], ...status === 429 ? ['Retry-After'] : []),
    content: {
      'application/json': {
        schema: { allOf: [ref('schemas', 'Failure'), { properties: { code: { enum: codes } } }] },
      },
    },
  }
}

/**
 * The failure responses of a call that can answer with `codes`, one per status, each a shared
 * component named after its codes (`bad_request.invalid_params`).
 */
export function failureResponses (codes: readonly ErrorCode[]): Pick<Fragment, 'responses'> & { byStatus: Record<string, JsonObject> } {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of ALL_CODES.filter(code => codes.includes(code))) {
    const status = ERROR_STATUS[code]
    byStatus.set(status, [...byStatus.get(status) ?? [], code])
  }
  const entries = [...byStatus].sort(([a], [b]) => a - b).map(([status, grouped]) => ({ status, name: grouped.join('.'), grouped }))
  return {
    byStatus: Object.fromEntries(entries.map(({ status, name }) => [String(status), ref('responses', name)])),
    responses: Object.fromEntries(entries.map(({ status, name, grouped }) => [name, failureResponse(status, grouped)])),
  }
}
