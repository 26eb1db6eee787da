import type { Express } from 'express'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { ResolvedOptions } from '../options.ts'
import { createRuntime, type ControlPlaneRuntime } from '../runtime.ts'
import { createRouter } from './router.ts'

/** Mounts the namespace on Keystone's express app; returns the runtime for the host's own use. */
export function mountControlPlane (app: Express, keystone: KeystoneContext, options: ResolvedOptions): ControlPlaneRuntime {
  const runtime = createRuntime(keystone, options)
  app.use(options.basePath, createRouter(runtime))
  return runtime
}
