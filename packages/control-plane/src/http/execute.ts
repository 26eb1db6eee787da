import type { Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import type { Channel } from '../registry/channel.ts'
import { runOperation } from '../registry/run-operation.ts'
import { roleHasAnyCapability } from '../auth/capabilities.ts'
import { forbidden, SvcError, unknownOperation } from '../errors.ts'
import { failureResponse, sendEnvelope, successResponse, toSvcError, setFailureHeaders } from './envelope.ts'
import { requestIdOf } from './request-id.ts'
import { recordSafely } from '../audit/record-safely.ts'
import { isStorableStatus, runIdempotent } from '../idempotency/run-idempotent.ts'

export type DispatchRequest = { resource: string, action: string, params: unknown, confirmed: boolean }

/** One call of an operation as a door hands it over: what to run, and how it came in. */
export type OperationCall = DispatchRequest & {
  channel: Channel
  /** The MCP tool name, for calls through the mcp channel. */
  tool?: string
  /** The response's Request-Id, recorded with the audit entry. */
  requestId?: string | null
  /** The caller's Idempotency-Key, if it sent one. */
  idempotencyKey?: string | undefined
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

/** Audits a call refused before its operation ran (the read form's checks, an idempotency refusal). */
export async function auditRefusedCall (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, error: SvcError, started: number): Promise<void> {
  await recordSafely(runtime, {
    operation: `${call.resource}.${call.action}`,
    channel: call.channel,
    tool: call.tool,
    identity,
    ok: false,
    changed: false,
    code: error.code,
    durationMs: performance.now() - started,
    params: call.params,
    requestId: call.requestId,
  })
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
    const result = await runOperation(operation, call.params, call.confirmed, runtime.contextFor(identity, call.channel, call.requestId))
    outcome = { ok: true, ...result }
  } catch (error) {
    outcome = { ok: false, error: toSvcError(error, runtime.log) }
  }
  await recordSafely(runtime, {
    operation: `${call.resource}.${call.action}`,
    channel: call.channel,
    tool: call.tool,
    identity,
    ok: outcome.ok,
    changed: outcome.ok && outcome.changed,
    code: outcome.ok ? null : outcome.error.code,
    durationMs: performance.now() - started,
    params: call.params,
    requestId: call.requestId,
  })
  return outcome
}

/**
 * Runs one call for an authenticated caller and answers with the envelope; under an
 * `Idempotency-Key`, a repeat gets the first response again, byte for byte.
 */
export async function executeDispatch (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, res: Response): Promise<void> {
  const requestId = requestIdOf(res)
  const withId = { ...call, requestId }
  const started = performance.now()
  let failure: SvcError | undefined
  try {
    const { response, replayed } = await runIdempotent(
      runtime, identity, call.idempotencyKey,
      { format: 'envelope', resource: call.resource, action: call.action, params: call.params, confirm: call.confirmed },
      async () => {
        const outcome = await executeOperation(runtime, identity, withId)
        if (outcome.ok) return { response: successResponse(outcome.data, outcome.changed), storable: true }
        failure = outcome.error
        return { response: failureResponse(outcome.error, requestId), storable: isStorableStatus(outcome.error.status) }
      },
    )
    if (replayed) res.set('Idempotent-Replayed', 'true')
    else if (failure) setFailureHeaders(res, failure)
    sendEnvelope(res, response)
  } catch (error) {
    if (!(error instanceof SvcError)) throw error
    await auditRefusedCall(runtime, identity, withId, error, started)
    throw error
  }
}
