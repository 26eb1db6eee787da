import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import { authenticate } from '../auth/authenticate.ts'

/** Who is calling, within their rate limit. Capability checks happen per operation. */
export async function authorize (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<Identity> {
  const identity = await authenticate(runtime.db, runtime.keystone, req, res, runtime.options.now())
  await runtime.limiter.consume(identity)
  return identity
}
