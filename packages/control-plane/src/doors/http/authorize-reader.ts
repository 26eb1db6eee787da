import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { authorizeRequest } from './caller.ts'
import { DISPATCH_DOOR } from './doors.ts'
import { roleHasCapability } from '../../platform/auth/capabilities.ts'
import { forbidden } from '../../platform/errors/errors.ts'
import { auditOutsideOperation } from '../../platform/audit/audit-outside-operation.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'

/** The documents a reader asks for, as their refusals are named in the audit log (`manage.manifest`, …). */
export type ReaderDocument = { name: 'manifest' | 'openapi' | 'docs', what: string }

/**
 * The manifest, the OpenAPI document and its reference page are for `manage_options` holders,
 * like every built-in operation. Refusals are audited like any door's.
 */
export async function authorizeReader (runtime: ControlPlaneRuntime, req: Request, res: Response, document: ReaderDocument): Promise<Identity> {
  const started = performance.now()
  const identity = await authorizeRequest(runtime, req, res, DISPATCH_DOOR, `manage.${document.name}`)
  if (!roleHasCapability(runtime.options.capabilities, identity.account.role, 'manage_options')) {
    const error = forbidden(`${document.what} requires the capability manage_options`)
    await auditOutsideOperation(runtime, {
      operation: `manage.${document.name}`, channel: DISPATCH_DOOR.channel, identity, code: error.code, durationMs: performance.now() - started, params: {}, requestId: requestIdOf(res),
    })
    throw error
  }
  return identity
}
