import type { ErrorCode } from '../../platform/errors/errors.ts'

/** When each code answers, for the responses of the OpenAPI document. */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  approval_required: 'the key needs an administrator\'s approval for destructive calls: nothing ran yet; re-call with params.approval_id = details.approval_id to collect the result once approved',
  person_confirmation_required: 'never answered over HTTP: over MCP a destructive call waits for a person to confirm it, asked through the client (input_required or elicitation)',
  bad_request: 'the body is not JSON, or (dispatch) not an object naming resource and action; a session write that is not JSON',
  invalid_params: 'the params do not fit the operation\'s schema (details.issues), or a value is refused',
  confirm_required: 'a destructive operation without confirm: true; nothing ran',
  unsupported_version: 'the Svc-Version the caller pinned is newer than the installed product version, of another major, or malformed; nothing ran',
  unauthenticated: 'no credentials, or an API key that is malformed, unknown, revoked or expired',
  forbidden: 'the calling account\'s role lacks the capability',
  unknown_operation: 'no operation of that resource and action; the message lists what exists',
  not_found: 'the record named does not exist',
  method_not_allowed: 'the route does not answer that HTTP method (see Allow)',
  conflict: 'the current state forbids the change',
  module_disabled: 'the operation\'s module is switched off (modules.enable)',
  idempotency_mismatch: 'the Idempotency-Key was used before with other params or another operation; nothing ran',
  idempotency_in_progress: 'a call with the same Idempotency-Key is still running; nothing ran, retry later',
  payload_too_large: 'the body is larger than the configured limit',
  unsupported_media_type: 'the body\'s Content-Encoding or charset cannot be read',
  rate_limited: 'too many requests for this key or account, or the operation\'s own window; wait details.retry_after seconds',
  internal: 'an unexpected fault; logged on the server, never detailed in the response',
  delivery_failed: 'another system refused what the operation handed it; nothing was recorded as done',
  secret_unavailable: 'a stored secret cannot be opened with the configured encryption keys (sealed with a key no longer configured); nothing was stored, retry once the operator fixed the keys',
  unavailable: 'the database could not take the call now (another instance held the SQLite write lock past the busy timeout, or the connection is gone); the transaction that met it was rolled back; retry after Retry-After seconds, with an Idempotency-Key where the call writes',
}
