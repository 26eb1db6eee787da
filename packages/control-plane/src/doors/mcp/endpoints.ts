import express, { type NextFunction, type Request, type Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { methodNotAllowed } from '../../platform/errors/errors.ts'
import { toSvcError } from '../../platform/errors/to-svc-error.ts'
import { fromHttpError } from '../../platform/http/http-errors.ts'
import { allowedHostnames, dnsRebindingGuard } from './dns-rebinding.ts'
import { sendJsonRpcFailure } from './json-rpc-failure.ts'
import { mcpHandler } from './handler.ts'
import { mcpRoute, type McpEndpoint, type McpUrlScope } from './route.ts'
import { StreamQuota } from './stream-quota.ts'

/**
 * The MCP URLs, each a whole endpoint: `/` every tool, `/readonly` the read-only ones,
 * `/x/{toolsets}` the tools of those resources, `/x/{toolsets}/readonly` both (also accepted
 * as `/readonly/x/{toolsets}`); `/compact` (and `/compact/readonly`) the same operations behind
 * three tools that find, describe and run them.
 */
const URLS: ReadonlyArray<{ path: string, readOnly: boolean, compact?: true }> = [
  { path: '/', readOnly: false },
  { path: '/readonly', readOnly: true },
  { path: '/compact', readOnly: false, compact: true },
  { path: '/compact/readonly', readOnly: true, compact: true },
  { path: '/x/:toolsets', readOnly: false },
  { path: '/x/:toolsets/readonly', readOnly: true },
  { path: '/readonly/x/:toolsets', readOnly: true },
]

/**
 * The MCP endpoint (Streamable HTTP): POST for requests, GET for a 2025-era client's change
 * stream. A stateless server has no session to DELETE: it, like any other method, answers 405.
 */
export function mcpEndpoints (runtime: ControlPlaneRuntime): express.Router {
  const router = express.Router()
  const endpoint: McpEndpoint = { handler: mcpHandler(runtime), streams: new StreamQuota() }
  router.use(dnsRebindingGuard(allowedHostnames(runtime.options)))
  for (const { path, readOnly, compact = false } of URLS) {
    const serve = (req: Request, res: Response, next: NextFunction) => {
      const url: McpUrlScope = { toolsets: typeof req.params.toolsets === 'string' ? req.params.toolsets : null, readOnly, compact }
      mcpRoute(runtime, endpoint, url, req, res).catch(next)
    }
    router.post(path, serve)
    router.get(path, serve)
    router.all(path, (req, res) => {
      res.set('Allow', 'GET, POST')
      sendJsonRpcFailure(res, methodNotAllowed(`${req.method} is not allowed here: this stateless MCP endpoint takes POST, and GET for a change stream`))
    })
  }
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const failure = fromHttpError(error) ?? toSvcError(error, runtime.log)
    if (res.headersSent) return
    sendJsonRpcFailure(res, failure)
  })
  return router
}
