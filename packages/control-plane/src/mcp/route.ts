import type { Request, Response } from 'express'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { ControlPlaneRuntime } from '../runtime.ts'
import { authorizeApiKey } from '../http/authorize.ts'
import { roleHasAnyCapability } from '../auth/capabilities.ts'
import { forbidden } from '../errors.ts'
import { createMcpServer } from './server.ts'
import { requestIdOf } from '../http/request-id.ts'
import { recordSafely } from '../audit/record-safely.ts'

/**
 * `POST {base}/mcp`, stateless: every request gets a server and a transport of its own and no
 * session id, so any instance behind a load balancer can answer any request. Responses are JSON,
 * not event streams (nothing here streams progress).
 */
export async function mcpRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const identity = await authorizeApiKey(runtime, req, res, { channel: 'mcp', operation: '' })
  const requestId = requestIdOf(res)
  if (!roleHasAnyCapability(runtime.options.capabilities, identity.account.role)) {
    const refusal = forbidden('this account holds no control-plane capability')
    await recordSafely(runtime, { operation: '', channel: 'mcp', identity, ok: false, changed: false, code: refusal.code, durationMs: 0, params: {}, requestId })
    throw refusal
  }
  const server = createMcpServer(runtime, identity, requestId)
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: runtime.options.maxBodyBytes,
  })
  res.on('close', () => { void server.close() })
  await server.connect(transport)
  await transport.handleRequest(req, res)
}
