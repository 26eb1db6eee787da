import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { authenticate, authenticateApiKeyOnly } from '../../platform/auth/authenticate.ts'
import { SvcError } from '../../platform/errors/errors.ts'
import { auditRefusedAuthentication, type Door } from './refused-authentication.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'
import { countWithHeaders } from '../../platform/http/rate-limit-headers.ts'

async function withinRateLimit (runtime: ControlPlaneRuntime, identity: Identity, res: Response): Promise<Identity> {
  await countWithHeaders(res, runtime.limiter.limit, () => runtime.limiter.consume(identity))
  return identity
}

async function authenticated (runtime: ControlPlaneRuntime, req: Request, res: Response, door: Door | undefined, resolve: () => Promise<Identity>): Promise<Identity> {
  try {
    return await resolve()
  } catch (error) {
    if (door && error instanceof SvcError) await auditRefusedAuthentication(runtime, req, door, error, requestIdOf(res))
    throw error
  }
}

/**
 * Who is calling, within their rate limit. Capability checks happen per operation. With `door`,
 * a refused authentication is audited as a call of that door.
 */
export async function authorize (runtime: ControlPlaneRuntime, req: Request, res: Response, door?: Door): Promise<Identity> {
  const identity = await authenticated(runtime, req, res, door, () => authenticate(runtime, runtime.keystone, req, res, runtime.options.now()))
  return withinRateLimit(runtime, identity, res)
}

/** Who is calling with an API key (a session cookie does not count), within their rate limit. */
export async function authorizeApiKey (runtime: ControlPlaneRuntime, req: Request, res: Response, door?: Door): Promise<Identity> {
  const identity = await authenticated(runtime, req, res, door, () => authenticateApiKeyOnly(runtime, req, runtime.options.now()))
  return withinRateLimit(runtime, identity, res)
}
