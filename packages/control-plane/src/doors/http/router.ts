import express, { type NextFunction, type Request, type Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { PRODUCT_VERSION } from '../../platform/version.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { sendFailure } from '../../platform/http/envelope.ts'
import { toSvcError } from '../../platform/errors/to-svc-error.ts'
import { rawBody } from '../../platform/http/body.ts'
import { corsGuard } from '../../platform/http/cors.ts'
import type { Handler, MountedRoute } from '../../kernel/route.ts'
import { refuseOtherMethods, toMiddleware } from './middleware.ts'
import { routeDoorOf } from './caller.ts'
import { ROUTE_DOOR } from './doors.ts'
import { fromHttpError } from '../../platform/http/http-errors.ts'
import { dispatchRoute } from './dispatch-route.ts'
import { manifestRoute } from './manifest-route.ts'
import { readFormRoute } from './read-form-route.ts'
import { operationRoute } from './operation-route.ts'
import { openApiRoute } from './openapi-route.ts'
import { docsAssetRoute, docsPageRoute } from './docs-route.ts'
import { mcpRouter } from '../mcp/router.ts'
import { assignRequestId } from '../../platform/http/request-id.ts'
import { protectedResourceMetadataUrl } from '../../platform/oauth/resource-urls.ts'

/** A resource's route behind its module switch: 409 `module_disabled` while the module is off. */
const gated = (route: MountedRoute): Handler => async (runtime, req, res) => {
  await runtime.modules.assertEnabled(route.module)
  await route.handler(runtime, req, res, routeDoorOf(runtime, req, res, ROUTE_DOOR))
}

function mountPublicRoute (router: express.Router, runtime: ControlPlaneRuntime, route: MountedRoute): void {
  const method = route.method.toLowerCase() as 'get' | 'post'
  const stack = []
  if (route.cors) {
    const cors = corsGuard({ origins: route.cors(runtime.options), methods: route.method, headers: 'Content-Type' })
    router.options(route.path, cors)
    stack.push(cors)
  }
  if (route.body) stack.push(rawBody(route.body === true ? runtime.options.maxBodyBytes : route.body))
  router[method](route.path, ...stack, toMiddleware(runtime, gated(route)))
  router.all(route.path, refuseOtherMethods(route.cors ? `${route.method}, OPTIONS` : route.method))
}

/**
 * The `svc/v1` namespace: dispatch, the manifest, a route per operation (POST, and GET for reads),
 * the OpenAPI document and its reference page, MCP, and the resources' public routes.
 */
export function createRouter (runtime: ControlPlaneRuntime, routes: readonly MountedRoute[]): express.Router {
  const router = express.Router()
  router.use(assignRequestId)
  // Every 401 names where an OAuth client discovers how to sign in (RFC 9728).
  const resourceMetadata = protectedResourceMetadataUrl(runtime.oauth.urls.mcp)
  router.use((_req, res, next) => {
    res.locals.svcResourceMetadata = resourceMetadata
    next()
  })
  router.use((_req, res, next) => {
    res.set('Svc-Version', PRODUCT_VERSION)
    res.set('Cache-Control', 'no-store')
    next()
  })
  router.post('/manage/dispatch', rawBody(runtime.options.maxBodyBytes), toMiddleware(runtime, dispatchRoute))
  router.all('/manage/dispatch', refuseOtherMethods('POST'))
  router.get('/manage/manifest', toMiddleware(runtime, manifestRoute))
  router.all('/manage/manifest', refuseOtherMethods('GET'))
  router.get('/manage/:resource/:action', toMiddleware(runtime, readFormRoute))
  router.post('/manage/:resource/:action', rawBody(runtime.options.maxBodyBytes), toMiddleware(runtime, operationRoute))
  router.all('/manage/:resource/:action', refuseOtherMethods(req =>
    runtime.registry.get(String(req.params.resource), String(req.params.action))?.readonly ? 'GET, POST' : 'POST'))
  router.get('/openapi.json', toMiddleware(runtime, openApiRoute))
  router.all('/openapi.json', refuseOtherMethods('GET'))
  router.get('/docs', toMiddleware(runtime, docsPageRoute))
  router.get('/docs/assets/:file', docsAssetRoute())
  router.all(['/docs', '/docs/assets/:file'], refuseOtherMethods('GET'))
  router.use('/mcp', mcpRouter(runtime))
  for (const route of routes) mountPublicRoute(router, runtime, route)
  router.use((req, _res, next) => next(notFound(`no endpoint ${req.method} ${req.baseUrl}${req.path}`)))
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sendFailure(res, fromHttpError(error) ?? toSvcError(error, runtime.log))
  })
  return router
}
