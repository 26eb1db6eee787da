import type { Response } from 'express'
import type { SvcError, ErrorDetails } from '../errors/errors.ts'
import { requestIdOf } from './request-id.ts'

export type SuccessEnvelope<Data = unknown> = { ok: true, data: Data, changed: boolean, error: null }
export type FailureEnvelope = {
  ok: false, data: null, changed: false, error: string, code: string, details?: ErrorDetails
  /** The response's Request-Id, to quote in a support request. */
  request_id?: string
}

/** A response as bytes and status: what an idempotent replay sends again. */
export type EnvelopeResponse = { status: number, body: string }

export const successResponse = (data: unknown, changed: boolean, status = 200): EnvelopeResponse =>
  ({ status, body: JSON.stringify({ ok: true, data, changed, error: null } satisfies SuccessEnvelope) })

export function failureResponse (error: SvcError, requestId: string | null): EnvelopeResponse {
  const body: FailureEnvelope = { ok: false, data: null, changed: false, error: error.message, code: error.code }
  if (error.details) body.details = error.details
  if (requestId !== null) body.request_id = requestId
  return { status: error.status, body: JSON.stringify(body) }
}

/**
 * Envelopes are never cached (`Cache-Control: no-store`), so the ETag express would hash every
 * body for is dropped by writing the JSON directly.
 */
export function sendEnvelope (res: Response, response: EnvelopeResponse): void {
  res.status(response.status).type('application/json').end(response.body)
}

export function sendSuccess (res: Response, data: unknown, changed: boolean, status = 200): void {
  sendEnvelope(res, successResponse(data, changed, status))
}

/** The headers a failure carries whatever its body: when to retry, and how to authenticate. */
export function setFailureHeaders (res: Response, error: SvcError): void {
  if ((error.code === 'rate_limited' || error.code === 'unavailable') && typeof error.details?.retry_after === 'number') {
    res.set('Retry-After', String(error.details.retry_after))
  }
  const metadata = res.locals.svcResourceMetadata as string | undefined
  if (error.code === 'unauthenticated') res.set('WWW-Authenticate', metadata ? `Bearer realm="svc", resource_metadata="${metadata}"` : 'Bearer realm="svc"')
  // RFC 6750 step-up: the client learns which scope to ask for.
  if (error.code === 'forbidden' && typeof error.details?.required_scope === 'string') {
    res.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${error.details.required_scope}"`)
  }
}

export function sendFailure (res: Response, error: SvcError): void {
  setFailureHeaders(res, error)
  sendEnvelope(res, failureResponse(error, requestIdOf(res)))
}
