import type { ControlPlaneRuntime } from '../runtime.ts'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import type { Db } from '../../platform/db/client.ts'
import type { Credential } from '../../platform/auth/credential.ts'
import type { DoorKind } from './door.ts'
import type { SvcError } from '../../platform/errors/errors.ts'
import { parseKey } from '../../platform/auth/api-key-format.ts'
import { createSubjectLimiter, type SubjectLimiter } from '../../platform/auth/rate-limit.ts'
import { digestSubject } from '../../platform/db/fixed-window.ts'
import { auditOutsideOperation } from '../../platform/audit/audit-outside-operation.ts'

/**
 * Audit rows a client address may cause by refused authentications per window. Beyond it the
 * refusals are still answered and counted on their key, but leave no row, so an
 * unauthenticated flood cannot grow the audit log without bound.
 */
export const REFUSAL_AUDIT_LIMIT = { points: 60, durationSeconds: 60 }

/** The limiter of refusal audit rows per client address; the runtime holds one. */
export function createRefusalLimiter (options: Pick<ResolvedOptions, 'rateLimit' | 'now'>, db: Db): SubjectLimiter {
  const store = options.rateLimit === false ? 'memory' : options.rateLimit.store
  return createSubjectLimiter('audit-refusals', { ...REFUSAL_AUDIT_LIMIT, store }, db, options.now)
}

async function withinRefusalBudget (runtime: ControlPlaneRuntime, credential: Credential): Promise<boolean> {
  try {
    await runtime.refusalLimiter.consume(digestSubject(credential.clientAddress()))
    return true
  } catch {
    return false
  }
}

/** Counted on the key only when it exists (a read), and written at most once a minute per key (`FailedAuthCounter`). */
async function countFailedAuthentication (runtime: ControlPlaneRuntime, publicId: string, now: Date): Promise<void> {
  if (!(await runtime.findKey(publicId))) return
  const increment = runtime.failedAuth.take(publicId, now)
  if (increment === 0) return
  await runtime.db.svcApiKey.updateMany({ where: { publicId }, data: { failedAuthCount: { increment }, lastFailedAuthAt: now } })
}

/** A request refused before it had an identity: what its door read, and what it was aimed at. */
type RefusedRequest = { credential: Credential, door: DoorKind, operation: string, requestId: string | null }

/**
 * A request refused before it had an identity (no credentials, a malformed, unknown, revoked or
 * expired key, a cross-site session write): counted on the key it named, if that key exists,
 * and audited with no account.
 */
export async function auditRefusedAuthentication (runtime: ControlPlaneRuntime, request: RefusedRequest, error: SvcError): Promise<void> {
  const header = request.credential.authorization
  const bearer = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header)
  const publicId = bearer ? parseKey(bearer[1]!)?.publicId ?? null : null
  const now = runtime.options.now()
  if (publicId !== null && error.code === 'unauthenticated') {
    await countFailedAuthentication(runtime, publicId, now).catch(failure => runtime.log('could not count a failed authentication', failure))
  }
  if (!(await withinRefusalBudget(runtime, request.credential))) return
  await auditOutsideOperation(runtime, {
    operation: request.operation,
    channel: request.door.channel,
    identity: null,
    keyId: publicId,
    code: error.code,
    params: { reason: error.message },
    requestId: request.requestId,
  })
}
