/** The closed set of machine-readable error codes and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  approval_required: 202,
  person_confirmation_required: 202,
  bad_request: 400,
  invalid_params: 400,
  confirm_required: 400,
  unsupported_version: 400,
  not_previewable: 400,
  unauthenticated: 401,
  forbidden: 403,
  unknown_operation: 404,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  module_disabled: 409,
  idempotency_mismatch: 409,
  idempotency_in_progress: 409,
  plan_stale: 409,
  revert_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  delivery_failed: 502,
  secret_unavailable: 503,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export type ErrorDetails = Record<string, unknown>

/** The one error type the control plane raises; everything else becomes `internal`. */
export class SvcError extends Error {
  readonly code: ErrorCode
  readonly details: ErrorDetails | undefined

  constructor (code: ErrorCode, message: string, details?: ErrorDetails, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'SvcError'
    this.code = code
    this.details = details
  }

  get status (): number {
    return ERROR_STATUS[this.code]
  }
}

/** Not an error to the caller's code so much as a wait: the call is held until an administrator decides. */
export const approvalRequired = (approvalId: string, operation: string, expiresAt: Date, reason?: string) => new SvcError(
  'approval_required',
  `${operation} waits for an administrator's approval (${approvalId})${reason ? ` because ${reason}` : ''}; call it again with approval_id to collect the result once approved`,
  { approval_id: approvalId, expires_at: expiresAt.toISOString(), ...(reason ? { reason } : {}) },
)
/**
 * A destructive call waits for a person to confirm it through the door (MCP: `input_required` or
 * elicitation); the door turns this into its question and never answers it as an error.
 */
export const personConfirmationRequired = (operation: string, target: string | null, preview: unknown) => new SvcError(
  'person_confirmation_required',
  `${operation} is destructive: a person must confirm it before it runs`,
  { operation, target, preview },
)
/** The person asked to confirm a destructive call declined, dismissed the question or left it unticked: nothing ran. */
export const personDeclined = (operation: string) => new SvcError(
  'confirm_required',
  `${operation} did not run: the person asked to confirm it declined`,
  { confirmation: 'declined' },
)
export const badRequest = (message: string) => new SvcError('bad_request', message)
export const invalidParams = (message: string, details?: ErrorDetails) => new SvcError('invalid_params', message, details)
/** The caller pinned a product version (`Svc-Version`) this installation cannot serve: newer than it, or of another major. */
export const unsupportedVersion = (requested: string, installed: string, reason: string) => new SvcError(
  'unsupported_version',
  `this site runs product version ${installed} and cannot answer as ${requested}: ${reason}`,
  { requested, installed },
)
export const confirmRequired = (operation: string) =>
  new SvcError('confirm_required', `${operation} is destructive: send confirm: true to run it`)
export const unauthenticated = (message = 'authentication required') => new SvcError('unauthenticated', message)
export const forbidden = (message: string) => new SvcError('forbidden', message)
/** A credential's scopes lack `scope`; named in `details.required_scope` and in `WWW-Authenticate` for step-up. */
export const insufficientScope = (scope: string, message: string) => new SvcError('forbidden', message, { required_scope: scope })
export const unknownOperation = (message: string) => new SvcError('unknown_operation', message)
export const notFound = (message: string, details?: ErrorDetails) => new SvcError('not_found', message, details)
export const methodNotAllowed = (message: string) => new SvcError('method_not_allowed', message)
export const conflict = (message: string, details?: ErrorDetails) => new SvcError('conflict', message, details)
export const moduleDisabled = (module: string) =>
  new SvcError('module_disabled', `the ${module} module is disabled; enable it with modules.enable`, { module })
export const idempotencyMismatch = (key: string) =>
  new SvcError('idempotency_mismatch', `the Idempotency-Key "${key}" was used with different params or another operation; use a new key`)
export const idempotencyInProgress = (key: string) =>
  new SvcError('idempotency_in_progress', `a call with the Idempotency-Key "${key}" is still running; retry once it has finished`)
/** A row a revert would restore changed after the change being undone: nothing was reverted. */
export const revertConflict = (rows: ReadonlyArray<{ entity: string, id: string | number, reason: string }>) => new SvcError(
  'revert_conflict',
  `nothing was reverted: ${rows.length} row(s) changed after the call being undone (${rows.slice(0, 5).map(row => `${row.entity} ${row.id}: ${row.reason}`).join('; ')})`,
  { rows },
)
/** A plan that no longer holds: a row it previewed moved, or it expired, was applied or was made for another call. Nothing was written. */
export const planStale = (reason: string, rows: ReadonlyArray<{ entity: string, id: string | number }>) => new SvcError('plan_stale', `nothing was written: ${reason}`, { rows })
/** An operation that cannot run in a transaction that is rolled back: it reaches another system while it runs, or starts a job. */
export const notPreviewable = (operation: string, reason: string) => new SvcError('not_previewable', `${operation} cannot be previewed: ${reason}`, { reason })
export const payloadTooLarge = (message: string) => new SvcError('payload_too_large', message)
export const unsupportedMediaType = (message: string) => new SvcError('unsupported_media_type', message)
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new SvcError('rate_limited', message, { retry_after: retryAfterSeconds })
export const deliveryFailed = (message: string, details?: ErrorDetails) => new SvcError('delivery_failed', message, details)
/** A stored secret this server cannot open (sealed with a key it no longer holds): the operator's to fix, the caller may retry later. */
export const secretUnavailable = (message: string) => new SvcError('secret_unavailable', message)
/** Seconds a caller is asked to wait after `unavailable`. */
const UNAVAILABLE_RETRY_AFTER_S = 1
/**
 * The database could not take the call now: another instance held SQLite's write lock past the
 * busy timeout, or the connection is gone. The transaction that met it was rolled back; send the
 * call again (with an Idempotency-Key where it writes).
 */
export const unavailable = (cause?: unknown) =>
  new SvcError('unavailable', 'the database is busy or unreachable: try again shortly', { retry_after: UNAVAILABLE_RETRY_AFTER_S }, cause)
export const internal = (cause?: unknown) => new SvcError('internal', 'internal error', undefined, cause)
