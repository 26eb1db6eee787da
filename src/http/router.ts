import express, { type NextFunction, type Request, type Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import { PRODUCT_VERSION } from '../version.ts'
import { notFound, SvcError } from '../errors.ts'
import { sendFailure, toSvcError } from './envelope.ts'
import { rawBody } from './body.ts'
import { fromHttpError } from './http-errors.ts'
import { dispatchRoute } from './dispatch-route.ts'
import { manifestRoute } from './manifest-route.ts'
import { readFormRoute } from './read-form-route.ts'
import { publicLeadForm } from '../resources/leads/public-form/route.ts'
import { ingestRoute } from '../resources/content-sources/ingest/route.ts'
import { mcpRouter } from '../mcp/router.ts'

type Route = (runtime: ControlPlaneRuntime, req: Request, res: Response) => Promise<void>

function methodNotAllowed (allow: string) {
  return (req: Request, res: Response) => {
    res.set('Allow', allow)
    sendFailure(res, new SvcError('method_not_allowed', `${req.method} is not allowed here; use ${allow}`))
  }
}

/** The `svc/v1` namespace: dispatch, manifest, the GET read form, MCP, the public lead form and the content-source webhook. */
export function createRouter (runtime: ControlPlaneRuntime): express.Router {
  const router = express.Router()
  const handle = (route: Route) => (req: Request, res: Response, next: NextFunction) => {
    route(runtime, req, res).catch(next)
  }
  router.use((_req, res, next) => {
    res.set('Svc-Version', PRODUCT_VERSION)
    res.set('Cache-Control', 'no-store')
    next()
  })
  router.post('/manage/dispatch', rawBody(runtime.options.maxBodyBytes), handle(dispatchRoute))
  router.all('/manage/dispatch', methodNotAllowed('POST'))
  router.get('/manage/manifest', handle(manifestRoute))
  router.all('/manage/manifest', methodNotAllowed('GET'))
  router.get('/manage/:resource/:action', handle(readFormRoute))
  router.all('/manage/:resource/:action', methodNotAllowed('GET'))
  const leadForm = publicLeadForm(runtime)
  router.options('/public/leads', leadForm.preflight)
  router.post('/public/leads', ...leadForm.post)
  router.all('/public/leads', methodNotAllowed('POST, OPTIONS'))
  router.use('/mcp', mcpRouter(runtime))
  router.post('/ingest/:slug', rawBody(runtime.options.maxBodyBytes), handle(ingestRoute))
  router.all('/ingest/:slug', methodNotAllowed('POST'))
  router.use((req, _res, next) => next(notFound(`no endpoint ${req.method} ${req.baseUrl}${req.path}`)))
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sendFailure(res, fromHttpError(error) ?? toSvcError(error, runtime.log))
  })
  return router
}
