import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Handler } from '../../kernel/route.ts'
import { methodNotAllowed } from '../../platform/errors/errors.ts'
import { sendFailure } from '../../platform/http/envelope.ts'

/** Runs a handler as express middleware, passing what it throws to the router's error handler. */
export const toMiddleware = (runtime: ControlPlaneRuntime, handler: Handler): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => { handler(runtime, req, res).catch(next) }

/** Answers 405 with `Allow` for a path served only with other methods (which may depend on the path). */
export const refuseOtherMethods = (allow: string | ((req: Request) => string)): RequestHandler => (req: Request, res: Response) => {
  const allowed = typeof allow === 'string' ? allow : allow(req)
  res.set('Allow', allowed)
  sendFailure(res, methodNotAllowed(`${req.method} is not allowed here; use ${allowed}`))
}
