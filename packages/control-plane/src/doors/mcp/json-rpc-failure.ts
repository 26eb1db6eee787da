import type { Response } from 'express'
import { ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { SvcError } from '../../platform/errors/errors.ts'
import { setFailureHeaders } from '../../platform/http/envelope.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'

/** JSON-RPC's code for an implementation-defined server error; `data.code` says which. */
const SERVER_ERROR = -32000

/** The JSON-RPC error body of a refusal: the envelope's code, details and request id under `data`. */
function failureBody (error: SvcError, requestId: string | null): string {
  const code = error.code === 'internal' ? ProtocolErrorCode.InternalError : SERVER_ERROR
  const data = { code: error.code, ...(error.details ? { details: error.details } : {}), ...(requestId === null ? {} : { request_id: requestId }) }
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message: error.message, data }, id: null })
}

/**
 * A request refused before it reaches the MCP server (credentials, rate limit, method, host):
 * the HTTP status of the envelope's code, with a JSON-RPC error body an MCP client can read.
 */
export function sendJsonRpcFailure (res: Response, error: SvcError): void {
  setFailureHeaders(res, error)
  res.status(error.status).type('application/json').end(failureBody(error, requestIdOf(res)))
}

/** The same refusal as a web-standard response, for a request refused inside the SDK's handler (a session it cannot serve). */
export function jsonRpcFailureResponse (error: SvcError, requestId: string | null): globalThis.Response {
  const retryAfter = error.details?.retry_after
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {}) }
  return new globalThis.Response(failureBody(error, requestId), { status: error.status, headers })
}
