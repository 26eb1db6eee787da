import type { Express, RequestHandler } from 'express'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { Installation } from '../../kernel/control-plane.ts'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { createRuntime } from '../../kernel/create-runtime.ts'
import { createRouter } from './router.ts'
import { mountOAuth } from '../oauth/routes.ts'
import type { MountedRoute } from '../../kernel/route.ts'
import { toMiddleware } from './middleware.ts'
import { routeDoorOf } from './caller.ts'
import { ROUTE_DOOR } from './doors.ts'

const RUNTIME_KEY = 'svcControlPlane'

/**
 * Runs each resource's setup, mounts the namespace and the resources' site routes on Keystone's
 * express app, runs the resources' seeds, and starts background work; returns the runtime for the host's own use.
 */
export async function mountControlPlane (app: Express, keystone: KeystoneContext, plane: Installation): Promise<ControlPlaneRuntime> {
  const { options, warnings } = plane.checkHost(keystone.graphql?.schema)
  // The runtime runs with the posts list as the database has it; the installation keeps what was resolved.
  const runtime = createRuntime(keystone, { ...plane, options })
  for (const warning of warnings) runtime.log(warning)
  // Naming the framework helps only someone probing for its known flaws.
  app.disable('x-powered-by')
  for (const resource of plane.resources) await resource.setup(runtime)
  mountOAuth(app, runtime)
  app.use(plane.options.basePath, createRouter(runtime, plane.routes.filter(route => !route.site)))
  for (const route of plane.routes.filter(route => route.site)) {
    app[route.method === 'GET' ? 'get' : 'post'](route.path, siteRouteSwitch(runtime, route), toMiddleware(runtime, (live, req, res) => route.handler(live, req, res, routeDoorOf(live, req, res, ROUTE_DOOR))))
  }
  app.locals[RUNTIME_KEY] = runtime
  for (const { what, run } of plane.seeds) {
    try {
      await run(runtime.db)
    } catch (error) {
      // Not fatal: the operations that need them seed them again before they run.
      runtime.log(`could not seed ${what} at startup`, error)
    }
  }
  runtime.start()
  return runtime
}

/**
 * A site page follows its module's switch like the namespace's routes, but answers as the site
 * would without it: the request falls through to the host (its own page or its 404), not a JSON envelope.
 */
function siteRouteSwitch (runtime: ControlPlaneRuntime, route: MountedRoute): RequestHandler {
  return (_req, _res, next) => {
    runtime.modules.isEnabled(route.module).then(enabled => enabled ? next() : next('route'), next)
  }
}

/** The runtime mounted on an app, for hosts and tests that need to stop it. */
export function controlPlaneRuntimeOf (app: Express): ControlPlaneRuntime | undefined {
  return app.locals[RUNTIME_KEY] as ControlPlaneRuntime | undefined
}
