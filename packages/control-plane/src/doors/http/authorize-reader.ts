import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import { assertCapabilityOutsideOperation, READER_CAPABILITY } from '../../kernel/pipeline/capability-outside-operation.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'
import { authorizeRequest } from './caller.ts'
import { DISPATCH_DOOR } from './doors.ts'

/** The documents a reader asks for, as their refusals are named in the audit log (`manage.manifest`, …). */
export type ReaderDocument = { name: 'manifest' | 'openapi' | 'docs', what: string }

/**
 * The manifest, the OpenAPI document and its reference page are for `manage_options` holders,
 * like every built-in operation. Refusals are audited like any door's.
 */
export async function authorizeReader (runtime: ControlPlaneRuntime, req: Request, res: Response, document: ReaderDocument): Promise<Identity> {
  const started = performance.now()
  const operation = `manage.${document.name}`
  const identity = await authorizeRequest(runtime, req, res, DISPATCH_DOOR, operation)
  await assertCapabilityOutsideOperation(runtime, identity, { door: DISPATCH_DOOR, operation, requestId: requestIdOf(res), started }, { capability: READER_CAPABILITY, what: document.what })
  return identity
}
