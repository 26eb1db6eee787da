import type { Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import { runOperation } from '../registry/run-operation.ts'
import { roleHasAnyCapability } from '../auth/capabilities.ts'
import { forbidden, unknownOperation, type SvcError } from '../errors.ts'
import { sendFailure, sendSuccess, toSvcError } from './envelope.ts'

export type DispatchRequest = { resource: string, action: string, params: unknown, confirmed: boolean }

function missingOperation (runtime: ControlPlaneRuntime, identity: Identity, resource: string, action: string): SvcError {
  if (!roleHasAnyCapability(runtime.options.capabilities, identity.account.role)) {
    return forbidden('this account holds no control-plane capability')
  }
  const actions = runtime.registry.actionsOf(resource)
  if (actions.length === 0) {
    const resources = [...new Set(runtime.registry.all().map(operation => operation.resource))]
    return unknownOperation(`unknown resource "${resource}"; resources: ${resources.join(', ')}`)
  }
  return unknownOperation(`unknown action "${action}" for ${resource}; actions: ${actions.join(', ')}`)
}

export function findOperation (runtime: ControlPlaneRuntime, identity: Identity, resource: string, action: string): Operation {
  const operation = runtime.registry.get(resource, action)
  if (!operation) throw missingOperation(runtime, identity, resource, action)
  return operation
}

/** Runs one dispatch for an authenticated caller, answers with the envelope, and audits it. */
export async function executeDispatch (
  runtime: ControlPlaneRuntime,
  identity: Identity,
  request: DispatchRequest,
  res: Response,
): Promise<void> {
  const started = performance.now()
  let outcome: { ok: true, data: unknown, changed: boolean } | { ok: false, error: SvcError }
  try {
    const operation = findOperation(runtime, identity, request.resource, request.action)
    const result = await runOperation(operation, request.params, request.confirmed, runtime.contextFor(identity))
    outcome = { ok: true, ...result }
  } catch (error) {
    outcome = { ok: false, error: toSvcError(error, runtime.log) }
  }
  try {
    await runtime.audit.record({
      operation: `${request.resource}.${request.action}`,
      identity,
      ok: outcome.ok,
      changed: outcome.ok && outcome.changed,
      code: outcome.ok ? null : outcome.error.code,
      durationMs: performance.now() - started,
      params: request.params,
    })
  } catch (error) {
    runtime.log('could not write the audit entry', error)
  }
  if (outcome.ok) sendSuccess(res, outcome.data, outcome.changed)
  else sendFailure(res, outcome.error)
}
