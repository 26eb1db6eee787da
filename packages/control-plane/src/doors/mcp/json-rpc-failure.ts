import type { Response } from 'express'
import { ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { SvcError } from '../../platform/errors/errors.ts'
import { setFailureHeaders } from '../../platform/http/envelope.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'

/** JSON-RPC's code for an implementation-defined server error; `data.code` says which. */
const SERVER_ERROR = -32000

/**
 * A request refused before it reaches the MCP server (credentials, rate limit, method, host):
 * the HTTP status of the envelope's code, with a JSON-RPC error body an MCP client can read.
 */
export function sendJsonRpcFailure (res: Response, error: SvcError): void {
  setFailureHeaders(res, error)
  const code = error.code === 'internal' ? ProtocolErrorCode.InternalError : SERVER_ERROR
  const requestId = requestIdOf(res)
  const data = { code: error.code, ...(error.details ? { details: error.details } : {}), ...(requestId === null ? {} : { request_id: requestId }) }
  res.status(error.status).type('application/json').end(JSON.stringify({ jsonrpc: '2.0', error: { code, message: error.message, data }, id: null }))
}
