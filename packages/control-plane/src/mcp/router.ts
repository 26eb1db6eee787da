import express, { type NextFunction, type Request, type Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import { methodNotAllowed } from '../errors.ts'
import { toSvcError } from '../http/envelope.ts'
import { fromHttpError } from '../http/http-errors.ts'
import { allowedHostnames, dnsRebindingGuard } from './dns-rebinding.ts'
import { sendJsonRpcFailure } from './json-rpc-failure.ts'
import { mcpRoute } from './route.ts'

/**
 * The MCP endpoint (Streamable HTTP). A stateless server offers no event stream to GET and no
 * session to DELETE: both, like any method but POST, answer 405.
 */
export function mcpRouter (runtime: ControlPlaneRuntime): express.Router {
  const router = express.Router()
  router.use(dnsRebindingGuard(allowedHostnames(runtime.options)))
  router.post('/', (req, res, next) => { mcpRoute(runtime, req, res).catch(next) })
  router.all('/', (req, res) => {
    res.set('Allow', 'POST')
    sendJsonRpcFailure(res, methodNotAllowed(`${req.method} is not allowed here: this stateless MCP endpoint takes POST only`))
  })
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const failure = fromHttpError(error) ?? toSvcError(error, runtime.log)
    if (res.headersSent) return
    sendJsonRpcFailure(res, failure)
  })
  return router
}
