import type { Express } from 'express'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { ResolvedOptions } from '../options.ts'
import { createRuntime, type ControlPlaneRuntime } from '../runtime.ts'
import { createRouter } from './router.ts'
import { personalPageRouter } from '../resources/users/personal-page-route.ts'
import { ensureSystemRoles } from '../resources/roles/system-roles.ts'
import { ensureDefaultRecipe } from '../resources/pipelines/default-recipe.ts'

const RUNTIME_KEY = 'svcControlPlane'

/** What every site starts with; each is seeded again by the operations that need it. */
const SEEDS = [
  { what: 'the system roles', seed: ensureSystemRoles },
  { what: 'the default pipeline recipe', seed: ensureDefaultRecipe },
]

/**
 * Mounts the namespace and the public team pages on Keystone's express app, seeds the system
 * roles and the default recipe, and starts background work; returns the runtime for the host's own use.
 */
export async function mountControlPlane (app: Express, keystone: KeystoneContext, options: ResolvedOptions): Promise<ControlPlaneRuntime> {
  const runtime = createRuntime(keystone, options)
  app.use(options.basePath, createRouter(runtime))
  app.use(personalPageRouter(runtime))
  app.locals[RUNTIME_KEY] = runtime
  for (const { what, seed } of SEEDS) {
    try {
      await seed(runtime.db)
    } catch (error) {
      // Not fatal: the operations that need them seed them again before they run.
      runtime.log(`could not seed ${what} at startup`, error)
    }
  }
  runtime.start()
  return runtime
}

/** The runtime mounted on an app, for hosts and tests that need to stop it. */
export function controlPlaneRuntimeOf (app: Express): ControlPlaneRuntime | undefined {
  return app.locals[RUNTIME_KEY] as ControlPlaneRuntime | undefined
}
