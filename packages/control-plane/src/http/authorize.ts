import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import { authenticate, authenticateApiKeyOnly } from '../auth/authenticate.ts'
import { SvcError } from '../errors.ts'
import { auditRefusedAuthentication, type Door } from '../audit/refused-authentication.ts'
import { requestIdOf } from './request-id.ts'

/** The IETF draft's `RateLimit-*` fields: the limit, what is left of it, and seconds until the window resets. */
function setRateLimitHeaders (res: Response, limit: number, remaining: number, resetSeconds: number): void {
  res.set('RateLimit-Limit', String(limit))
  res.set('RateLimit-Remaining', String(remaining))
  res.set('RateLimit-Reset', String(resetSeconds))
}

async function withinRateLimit (runtime: ControlPlaneRuntime, identity: Identity, res: Response): Promise<Identity> {
  try {
    const state = await runtime.limiter.consume(identity)
    if (state) setRateLimitHeaders(res, state.limit, state.remaining, state.resetSeconds)
  } catch (error) {
    const retryAfter = error instanceof SvcError ? error.details?.retry_after : undefined
    if (runtime.limiter.limit !== null && typeof retryAfter === 'number') setRateLimitHeaders(res, runtime.limiter.limit, 0, retryAfter)
    throw error
  }
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
