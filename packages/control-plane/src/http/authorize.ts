import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import { authenticate, authenticateApiKeyOnly } from '../auth/authenticate.ts'

async function withinRateLimit (runtime: ControlPlaneRuntime, identity: Identity): Promise<Identity> {
  await runtime.limiter.consume(identity)
  return identity
}

/** Who is calling, within their rate limit. Capability checks happen per operation. */
export async function authorize (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<Identity> {
  return withinRateLimit(runtime, await authenticate(runtime, runtime.keystone, req, res, runtime.options.now()))
}

/** Who is calling with an API key (a session cookie does not count), within their rate limit. */
export async function authorizeApiKey (runtime: ControlPlaneRuntime, req: Request): Promise<Identity> {
  return withinRateLimit(runtime, await authenticateApiKeyOnly(runtime, req, runtime.options.now()))
}
