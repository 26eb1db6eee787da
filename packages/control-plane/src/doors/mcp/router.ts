import express, { type NextFunction, type Request, type Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { methodNotAllowed } from '../../platform/errors/errors.ts'
import { toSvcError } from '../../platform/errors/to-svc-error.ts'
import { fromHttpError } from '../../platform/http/http-errors.ts'
import { allowedHostnames, dnsRebindingGuard } from './dns-rebinding.ts'
import { sendJsonRpcFailure } from './json-rpc-failure.ts'
import { mcpHandler } from './handler.ts'
import { mcpRoute, type McpUrlScope } from './route.ts'

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
 * The MCP endpoint (Streamable HTTP). A stateless server offers no event stream to GET and no
 * session to DELETE: both, like any method but POST, answer 405.
 */
export function mcpRouter (runtime: ControlPlaneRuntime): express.Router {
  const router = express.Router()
  const handler = mcpHandler(runtime)
  router.use(dnsRebindingGuard(allowedHostnames(runtime.options)))
  for (const { path, readOnly, compact = false } of URLS) {
    router.post(path, (req, res, next) => {
      const url: McpUrlScope = { toolsets: typeof req.params.toolsets === 'string' ? req.params.toolsets : null, readOnly, compact }
      mcpRoute(runtime, handler, url, req, res).catch(next)
    })
    router.all(path, (req, res) => {
      res.set('Allow', 'POST')
      sendJsonRpcFailure(res, methodNotAllowed(`${req.method} is not allowed here: this stateless MCP endpoint takes POST only`))
    })
  }
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const failure = fromHttpError(error) ?? toSvcError(error, runtime.log)
    if (res.headersSent) return
    sendJsonRpcFailure(res, failure)
  })
  return router
}
