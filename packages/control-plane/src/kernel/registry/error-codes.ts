import { ERROR_STATUS, type ErrorCode } from '../../platform/errors/errors.ts'

/**
 * What any call may answer with before or around its handler: the door (a body that is no JSON
 * object, too large, or in an encoding it cannot read), a version pin it cannot serve, authentication, the rate limit, the capability, the module switch,
 * the params schema, and a bug.
 */
const PIPELINE_ERRORS: readonly ErrorCode[] = [
  'bad_request', 'invalid_params', 'unsupported_version', 'unauthenticated', 'forbidden', 'module_disabled', 'payload_too_large', 'unsupported_media_type', 'rate_limited', 'internal',
]

/** What a handler answers with unless its operation says otherwise: a record it cannot find, a state that forbids the change. */
export const DEFAULT_HANDLER_ERRORS: readonly ErrorCode[] = ['not_found', 'conflict']

/** Every error code a call of the operation can answer with, in the order of `ERROR_STATUS`. */
export function callErrorCodes (operation: { destructive: boolean, readonly?: boolean, notPreviewable?: string | null, errors: readonly ErrorCode[] }): ErrorCode[] {
  const codes = new Set<ErrorCode>([...PIPELINE_ERRORS, ...operation.errors])
  // Only writes take an Idempotency-Key, and a preview or its plan.
  if (!operation.readonly) codes.add('idempotency_mismatch').add('idempotency_in_progress').add(operation.notPreviewable ? 'not_previewable' : 'plan_stale')
  if (operation.destructive) codes.add('confirm_required').add('approval_required')
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter(code => codes.has(code))
}
