import type { Response } from 'express'
import { internal, SvcError, type ErrorDetails } from '../errors.ts'

export type SuccessEnvelope = { ok: true, data: unknown, changed: boolean, error: null }
export type FailureEnvelope = { ok: false, data: null, changed: false, error: string, code: string, details?: ErrorDetails }

/**
 * Envelopes are never cached (`Cache-Control: no-store`), so the ETag express would hash every
 * body for is dropped by writing the JSON directly.
 */
function sendJson (res: Response, status: number, body: SuccessEnvelope | FailureEnvelope): void {
  res.status(status).type('application/json').end(JSON.stringify(body))
}

export function sendSuccess (res: Response, data: unknown, changed: boolean, status = 200): void {
  sendJson(res, status, { ok: true, data, changed, error: null })
}

/** The headers a failure carries whatever its body: when to retry, and how to authenticate. */
export function setFailureHeaders (res: Response, error: SvcError): void {
  if (error.code === 'rate_limited' && typeof error.details?.retry_after === 'number') {
    res.set('Retry-After', String(error.details.retry_after))
  }
  if (error.code === 'unauthenticated') res.set('WWW-Authenticate', 'Bearer realm="svc"')
}

export function sendFailure (res: Response, error: SvcError): void {
  const body: FailureEnvelope = { ok: false, data: null, changed: false, error: error.message, code: error.code }
  if (error.details) body.details = error.details
  setFailureHeaders(res, error)
  sendJson(res, error.status, body)
}

/** Anything that is not an SvcError is a bug: logged in full, answered as `internal` without detail. */
export function toSvcError (error: unknown, log: (message: string, error: unknown) => void): SvcError {
  if (error instanceof SvcError) {
    if (error.code === 'internal') log('internal error', error.cause ?? error)
    return error
  }
  log('unexpected error', error)
  return internal(error)
}
