import { ERROR_STATUS, type ErrorCode } from '../../platform/errors/errors.ts'
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
    request_id: { type: 'string', description: 'The response\'s `Request-Id`, to quote when asking about the call.' },
  },
  additionalProperties: false,
}

export const HEADERS: Record<string, JsonObject> = {
  'Svc-Version': { description: 'The product version that answered.', schema: { type: 'string' } },
  'WWW-Authenticate': { description: 'How to authenticate: `Bearer realm="svc"`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
  'Request-Id': { description: 'This response\'s id: the caller\'s `X-Request-Id` when well-formed, else a new UUID. Audit entries and failure envelopes carry it.', schema: { type: 'string' } },
  'RateLimit-Limit': { description: 'Requests allowed per window for this key (or session account).', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current window resets.', schema: { type: 'integer', minimum: 0 } },
  'Idempotent-Replayed': { description: '`true` when this is the stored response of an earlier call with the same `Idempotency-Key`, sent again without running anything.', schema: { const: 'true' } },
}

/** The request headers every call may send: `Idempotency-Key` (writes) and `X-Request-Id`. */
export const PARAMETERS: Record<string, JsonObject> = {
  'Idempotency-Key': {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'Makes a retry safe: the first response to this key (per key or session account) is stored for 24 hours and sent again, byte for byte, with `Idempotent-Replayed: true`, to a repeat of the same call. The same key with other params answers 409 `idempotency_mismatch`; a repeat while the first call runs answers 409 `idempotency_in_progress`. Failures that are the server\'s (5xx) and rate limits are not stored. Readonly operations ignore it.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
  },
  preview: {
    name: 'preview',
    in: 'query',
    required: false,
    description: 'Preview the call: it runs through every check and its handler in a transaction that is rolled back, so nothing is written or sent, and answers 200 with `data: {preview: {operation, changes, effects, result}, plan, plan_expires_at}` (the `PreviewAnswer` schema; one-time secrets in `result` as "[preview]"). `?preview` or `?preview=true`.',
    schema: { type: 'string', enum: ['', 'true', 'false'] },
    allowEmptyValue: true,
  },
  plan: {
    name: 'plan',
    in: 'query',
    required: false,
    description: 'The `plan` a preview of this same call answered: the call runs only if nothing it previewed moved since (within 10 minutes, once); otherwise 409 `plan_stale`, nothing written.',
    schema: { type: 'string', minLength: 1, maxLength: 8192 },
  },
  'X-Request-Id': {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'Your own id for the call, used as its `Request-Id` when it matches `^[A-Za-z0-9._:-]{1,128}$`.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
}

/** The query parameters of a previewable write: `preview` and `plan`. */
export const previewParameters = (): JsonObject[] => [ref('parameters', 'preview'), ref('parameters', 'plan')]

/** The header parameters of a method: writes also take an `Idempotency-Key`. */
export const headerParameters = (write: boolean): JsonObject[] =>
  [...write ? [ref('parameters', 'Idempotency-Key')] : [], ref('parameters', 'X-Request-Id')]

const RATE_LIMIT = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']

/** The headers of a response: every response's, and those of its kind. */
export const headers = (...names: string[]) => Object.fromEntries(['Svc-Version', 'Request-Id', ...names].map(name => [name, ref('headers', name)]))

/** The `200` of a call: the success envelope with `data` typed by the operation's returns schema. */
export function successResponse (description: string, data: JsonObject): JsonObject {
  return {
    description,
    headers: headers(...RATE_LIMIT, 'Idempotent-Replayed'),
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
    headers: headers(...status === 401 ? ['WWW-Authenticate'] : [], ...status === 429 ? ['Retry-After', ...RATE_LIMIT] : []),
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
