import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { authorize } from '../../kernel/pipeline/authorize.ts'
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
  const identity = await authorize(runtime, req, res, { channel: 'dispatch', operation: `manage.${document.name}` })
  if (!roleHasCapability(runtime.options.capabilities, identity.account.role, 'manage_options')) {
    const error = forbidden(`${document.what} requires the capability manage_options`)
    await auditOutsideOperation(runtime, {
      operation: `manage.${document.name}`, channel: 'dispatch', identity, code: error.code, durationMs: performance.now() - started, params: {}, requestId: requestIdOf(res),
    })
    throw error
  }
  return identity
}
