import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import type { Credential } from '../../platform/auth/credential.ts'
import type { WindowState } from '../../platform/db/fixed-window.ts'
import { authenticate } from '../../platform/auth/authenticate.ts'
import { countRequest } from '../../platform/auth/rate-standing.ts'
import { SvcError } from '../../platform/errors/errors.ts'
import { auditRefusedAuthentication } from './refused-authentication.ts'
import type { DoorKind } from './door.ts'

export type { BrowserRequest, Credential } from '../../platform/auth/credential.ts'

/** What a door hands over to learn who calls: the credential it read, and what a refusal is audited as. */
export type CallerRequest = {
  credential: Credential
  door: DoorKind
  /** The operation the request names, as far as the door knows before authentication (empty when none). */
  operation: string
  requestId: string | null
  /** Where the caller stands in its rate limit, for the door to say (`RateLimit-*` headers). */
  standing: (standing: WindowState) => void
}

async function authenticated (runtime: ControlPlaneRuntime, request: CallerRequest): Promise<Identity> {
  try {
    return await authenticate(runtime, request.credential, runtime.options.now())
  } catch (error) {
    if (error instanceof SvcError) await auditRefusedAuthentication(runtime, request, error)
    throw error
  }
}

/**
 * Who is calling, within their rate limit: the first of the pipeline's checks, for every door.
 * A refused authentication is audited as a call of the door. Capability checks happen per operation.
 */
export async function authorize (runtime: ControlPlaneRuntime, request: CallerRequest): Promise<Identity> {
  const identity = await authenticated(runtime, request)
  await countRequest(runtime.limiter.limit, () => runtime.limiter.consume(identity), request.standing)
  return identity
}
