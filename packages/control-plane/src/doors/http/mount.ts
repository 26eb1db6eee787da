import express, { type Express, type RequestHandler } from 'express'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { Installation } from '../../kernel/control-plane.ts'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { createRuntime } from '../../kernel/create-runtime.ts'
import { createRouter } from './router.ts'
import { mountOAuth } from '../oauth/routes.ts'
import { mountSiteRoutes } from './site-routes.ts'
import { pathGate } from './path-gate.ts'
import { rawTargetOf } from '../../platform/db/raw-statements.ts'

const RUNTIME_KEY = 'svcControlPlane'

/**
 * Runs each resource's setup, mounts the OAuth door, the namespace and the resources' site routes
 * on Keystone's express app (one layer ahead of Keystone's own), runs the resources' seeds, and
 * starts background work; returns the runtime for the host's own use.
 */
export async function mountControlPlane (app: Express, keystone: KeystoneContext, plane: Installation): Promise<ControlPlaneRuntime> {
  const { options, warnings } = plane.checkHost(keystone.graphql?.schema)
  // The runtime runs with the posts list as the database has it; the installation keeps what was resolved.
  const runtime = createRuntime(keystone, { ...plane, options })
  for (const warning of warnings) runtime.log(warning)
  // Naming the framework helps only someone probing for its known flaws.
  app.disable('x-powered-by')
  for (const resource of plane.resources) await resource.setup(runtime)
  app.use(gatedRoutes(app, runtime, plane))
  app.locals[RUNTIME_KEY] = runtime
  const target = rawTargetOf(runtime.db, options)
  for (const { what, run, present } of plane.seeds) {
    try {
      if (!await present?.(target)) await run(runtime.db)
    } catch (error) {
      // Not fatal: the operations that need them seed them again before they run.
      runtime.log(`could not seed ${what} at startup`, error)
    }
  }
  runtime.start()
  return runtime
}

/**
 * The OAuth door, the namespace and the site routes, in that order, on a router of their own that
 * routes as the host's app does, behind one gate: the host's own requests pass them in one step.
 */
function gatedRoutes (app: Express, runtime: ControlPlaneRuntime, plane: Installation): RequestHandler {
  const routing = { caseSensitive: app.enabled('case sensitive routing'), strict: app.enabled('strict routing') }
  const router = express.Router(routing)
  const oauthPaths = mountOAuth(router, runtime)
  router.use(plane.options.basePath, createRouter(runtime, plane.routes.filter(route => !route.site)))
  const sitePaths = mountSiteRoutes(router, runtime, plane.routes.filter(route => route.site))
  return pathGate([...oauthPaths, plane.options.basePath, ...sitePaths], router, routing)
}

/** The runtime mounted on an app, for hosts and tests that need to stop it. */
export function controlPlaneRuntimeOf (app: Express): ControlPlaneRuntime | undefined {
  return app.locals[RUNTIME_KEY] as ControlPlaneRuntime | undefined
}
