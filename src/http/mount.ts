import type { Express } from 'express'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { ResolvedOptions } from '../options.ts'
import { createRuntime, type ControlPlaneRuntime } from '../runtime.ts'
import { createRouter } from './router.ts'

const RUNTIME_KEY = 'svcControlPlane'

/** Mounts the namespace on Keystone's express app and starts background work. */
export function mountControlPlane (app: Express, keystone: KeystoneContext, options: ResolvedOptions): ControlPlaneRuntime {
  const runtime = createRuntime(keystone, options)
  app.use(options.basePath, createRouter(runtime))
  app.locals[RUNTIME_KEY] = runtime
  runtime.start()
  return runtime
}

/** The runtime mounted on an app, for hosts and tests that need to stop it. */
export function controlPlaneRuntimeOf (app: Express): ControlPlaneRuntime | undefined {
  return app.locals[RUNTIME_KEY] as ControlPlaneRuntime | undefined
}
