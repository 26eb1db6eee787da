import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import { authorize } from './authorize.ts'
import { roleHasCapability } from '../auth/capabilities.ts'
import { forbidden } from '../errors.ts'

/** The manifest, the OpenAPI document and its reference page are for `manage_options` holders, like every built-in operation. */
export async function authorizeReader (runtime: ControlPlaneRuntime, req: Request, res: Response, what: string): Promise<Identity> {
  const identity = await authorize(runtime, req, res)
  if (!roleHasCapability(runtime.options.capabilities, identity.account.role, 'manage_options')) {
    throw forbidden(`${what} requires the capability manage_options`)
  }
  return identity
}
