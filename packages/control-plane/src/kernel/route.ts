import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { ControlPlaneRuntime } from './runtime.ts'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import { methodNotAllowed } from '../platform/errors/errors.ts'
import { sendFailure } from '../platform/http/envelope.ts'

/**
 * The one shape of an HTTP handler in the control plane: it reads the request, answers through
 * the envelope helpers, and throws `SvcError`s, which the router turns into failure envelopes.
 */
export type Handler = (runtime: ControlPlaneRuntime, req: Request, res: Response) => Promise<void>

/** A route a resource serves beside dispatch: a webhook, a public form, a page of the site. */
export type PublicRoute = {
  method: 'GET' | 'POST'
  /** An express path, under the namespace `{restRoot}/svc/v1` (e.g. `/ingest/:slug`) unless `site` is set. */
  path: string
  /**
   * Served from the site root (e.g. `/team/:userNum`) rather than the namespace: it answers in its own
   * format (an HTML page), and while its module is off, or for other methods, the request falls through to the host.
   * @default false
   */
  site?: boolean
  /**
   * Browser origins whose pages may call the route, besides the server's own (`'*'` for any); CORS
   * preflights are answered for them and any other `Origin` is refused. Without it, no CORS headers.
   * @default undefined
   */
  cors?: (options: ResolvedOptions) => readonly string[]
  /** Reads the body as bytes before the handler runs, up to this many bytes, or `maxBodyBytes` with `true`. @default false */
  body?: boolean | number
  handler: Handler
}

/** A public route as the router mounts it: with the module whose switch gates it. */
export type MountedRoute = PublicRoute & { module: string }

/** Runs a handler as express middleware, passing what it throws to the router's error handler. */
export const toMiddleware = (runtime: ControlPlaneRuntime, handler: Handler): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => { handler(runtime, req, res).catch(next) }

/** Answers 405 with `Allow` for a path served only with other methods (which may depend on the path). */
export const refuseOtherMethods = (allow: string | ((req: Request) => string)): RequestHandler => (req: Request, res: Response) => {
  const allowed = typeof allow === 'string' ? allow : allow(req)
  res.set('Allow', allowed)
  sendFailure(res, methodNotAllowed(`${req.method} is not allowed here; use ${allowed}`))
}
