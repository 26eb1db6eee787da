import type { RequestHandler, Router } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { MountedRoute } from '../../kernel/route.ts'
import { toMiddleware } from './middleware.ts'
import { routeDoorOf } from './caller.ts'
import { ROUTE_DOOR } from './doors.ts'

/**
 * A site page follows its module's switch like the namespace's routes, but answers as the site
 * would without it: the request falls through to the host (its own page or its 404), not a JSON envelope.
 */
function siteRouteSwitch (runtime: ControlPlaneRuntime, route: MountedRoute): RequestHandler {
  return (_req, _res, next) => {
    runtime.modules.isEnabled(route.module).then(enabled => enabled ? next() : next('route'), next)
  }
}

/** The resources' pages served from the site root (`site: true`), each behind its module's switch; returns their paths. */
export function mountSiteRoutes (router: Router, runtime: ControlPlaneRuntime, routes: readonly MountedRoute[]): string[] {
  for (const route of routes) {
    router[route.method === 'GET' ? 'get' : 'post'](route.path, siteRouteSwitch(runtime, route), toMiddleware(runtime, (live, req, res) => route.handler(live, req, res, routeDoorOf(live, req, res, ROUTE_DOOR))))
  }
  return routes.map(route => route.path)
}
