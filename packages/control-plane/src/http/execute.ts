import type { Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import type { Channel } from '../registry/channel.ts'
import { runOperation } from '../registry/run-operation.ts'
import { roleHasAnyCapability } from '../auth/capabilities.ts'
import { forbidden, unknownOperation, type SvcError } from '../errors.ts'
import { sendFailure, sendSuccess, toSvcError } from './envelope.ts'

export type DispatchRequest = { resource: string, action: string, params: unknown, confirmed: boolean }

/** One call of an operation as a door hands it over: what to run, and how it came in. */
export type OperationCall = DispatchRequest & {
  channel: Channel
  /** The MCP tool name, for calls through the mcp channel. */
  tool?: string
}

export type CallOutcome = { ok: true, data: unknown, changed: boolean } | { ok: false, error: SvcError }

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

/**
 * The part every door shares: finds and runs the operation for an authenticated caller and
 * audits the call, whatever its outcome. A door only frames the outcome for its protocol.
 */
export async function executeOperation (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall): Promise<CallOutcome> {
  const started = performance.now()
  let outcome: CallOutcome
  try {
    const operation = findOperation(runtime, identity, call.resource, call.action)
    const result = await runOperation(operation, call.params, call.confirmed, runtime.contextFor(identity, call.channel))
    outcome = { ok: true, ...result }
  } catch (error) {
    outcome = { ok: false, error: toSvcError(error, runtime.log) }
  }
  try {
    await runtime.audit.record({
      operation: `${call.resource}.${call.action}`,
      channel: call.channel,
      tool: call.tool,
      identity,
      ok: outcome.ok,
      changed: outcome.ok && outcome.changed,
      code: outcome.ok ? null : outcome.error.code,
      durationMs: performance.now() - started,
      params: call.params,
    })
  } catch (error) {
    runtime.log('could not write the audit entry', error)
  }
  return outcome
}

/** Runs one call for an authenticated caller and answers with the envelope. */
export async function executeDispatch (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, res: Response): Promise<void> {
  const outcome = await executeOperation(runtime, identity, call)
  if (outcome.ok) sendSuccess(res, outcome.data, outcome.changed)
  else sendFailure(res, outcome.error)
}
