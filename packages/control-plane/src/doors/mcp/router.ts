import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'

/**
 * The MCP endpoints, built when the first request reaches them: the SDK and the door's modules
 * load then, not with the site, so a site nobody reaches over MCP, and each command of the CLI,
 * starts without them.
 */
export function mcpRouter (runtime: ControlPlaneRuntime): RequestHandler {
  let endpoints: Promise<RequestHandler> | undefined
  return (req: Request, res: Response, next: NextFunction) => {
    endpoints ??= import('./endpoints.ts').then(({ mcpEndpoints }) => mcpEndpoints(runtime)).catch((error: unknown) => {
      endpoints = undefined
      throw error
    })
    endpoints.then(serve => { serve(req, res, next) }).catch(next)
  }
}
