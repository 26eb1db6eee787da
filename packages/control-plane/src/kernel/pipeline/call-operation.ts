import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import type { Channel } from '../../platform/audit/channel.ts'
import type { StoredResponse } from '../../platform/idempotency/store.ts'
import { roleHasAnyCapability } from '../../platform/auth/capabilities.ts'
import { forbidden, SvcError, unknownOperation } from '../../platform/errors/errors.ts'
import { recordSafely } from '../../platform/audit/record-safely.ts'
import { auditOutsideOperation } from '../../platform/audit/audit-outside-operation.ts'
import type { AuditRecord } from '../../platform/audit/record.ts'
import { isStorableRefusal, runIdempotent } from './run-idempotent.ts'
import { toSvcError } from '../../platform/errors/to-svc-error.ts'
import { assertCapability, runPermitted } from './run-operation.ts'
import type { Confirmation } from './confirmation.ts'
import type { TraceCarrier } from '../../platform/tracing/propagation.ts'
import type { CallTrace } from '../../platform/tracing/call-span.ts'
import { tracedCall } from './traced-call.ts'

/** One call of an operation as a door hands it over: what to run, and how it came in. */
export type OperationCall = {
  resource: string
  action: string
  params: unknown
  /** `confirm: true` sent beside the params (dispatch's top level). */
  confirm: boolean
  channel: Channel
  /** The MCP tool name, for calls through the mcp channel. */
  tool?: string | undefined
  /** The response's Request-Id, recorded with the audit entry and the events the call emits. */
  requestId: string | null
  /** The caller's Idempotency-Key, if it sent one. */
  idempotencyKey?: string | undefined
  /**
   * The operation, when the door had to look it up itself (MCP refuses a tool outside the URL's
   * toolset as a protocol error); the pipeline then does not look it up again.
   */
  operation?: Operation | undefined
  /** Who confirms a destructive call; `flag` (`confirm: true`) unless the door says otherwise. */
  confirmation?: Confirmation | undefined
  /** Where the caller's trace context came (the HTTP headers, MCP's `_meta`), read by the host's propagator. */
  traceCarrier?: TraceCarrier | undefined
}

/** `accepted`: the operation started a job and answered with it (202 over HTTP). */
export type CallOutcome = { ok: true, data: unknown, changed: boolean, accepted?: boolean } | { ok: false, error: SvcError }

/** A fresh outcome, or the response a repeated idempotent call stored, in the door's own format. */
export type CallAnswer = { replayed: false, outcome: CallOutcome } | { replayed: true, response: StoredResponse }

/**
 * What a door adds to the pipeline: the format an idempotent call's answer is stored in, and, for
 * doors whose params arrive in another shape (the read form's query) or whose result leaves
 * another way (a stream), the link that replaces the common one.
 */
export type Door = {
  format: 'envelope' | 'mcp'
  /** The outcome as the door answers it, stored for an idempotent repeat. */
  frame: (outcome: CallOutcome) => StoredResponse
  /** After the capability check: the params the operation gets, from what the door received. */
  paramsOf?: (operation: Operation, received: unknown) => unknown
  /** Instead of the handler: for a door that answers with something other than the operation's data. */
  run?: (operation: Operation, params: unknown) => Promise<{ data: unknown, changed: boolean }>
}

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

function lookUp (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall): Operation {
  const operation = call.operation ?? runtime.registry.get(call.resource, call.action)
  if (!operation) throw missingOperation(runtime, identity, call.resource, call.action)
  return operation
}

/**
 * The one path every door's call takes, in this order: look the operation up → claim the
 * idempotency key (a repeat gets the first answer, whichever link gave it) → capability and
 * scope → the door's params → module switch → approval → params and confirm → handler in its
 * transaction → `returns` parsed → connected clients told when what callers may run changed → audit, once, for successes and refusals alike. A door only
 * translates its protocol to an `OperationCall` and the answer back; a new rule goes here.
 */
export function callOperation (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, door: Door): Promise<CallAnswer> {
  return tracedCall(runtime, identity, call, trace => runCall(runtime, identity, call, door, trace))
}

/** The pipeline's links, in the call's span: its audit entry and what it causes carry the span's trace. */
async function runCall (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, door: Door, trace: CallTrace): Promise<CallAnswer> {
  const started = performance.now()
  let params = call.params
  let outcome: CallOutcome | undefined
  try {
    const operation = lookUp(runtime, identity, call)
    const fingerprint = { format: door.format, resource: call.resource, action: call.action, params: call.params, confirm: call.confirm }
    const answer = await runIdempotent(runtime, identity, call.idempotencyKey, operation, fingerprint, async () => {
      try {
        assertCapability(runtime, identity, operation)
        if (door.paramsOf) params = door.paramsOf(operation, call.params)
        const context = {
          ...runtime.contextFor(identity, call.channel, call.requestId),
          traceparent: trace.traceparent,
          auditSideCall: (entry: AuditRecord) => auditOutsideOperation(runtime, { ...entry, traceId: trace.traceId }),
        }
        const result = door.run ? await door.run(operation, params) : await runPermitted(operation, params, call.confirm, context, call.confirmation)
        outcome = { ok: true, data: result.data, changed: result.changed, ...operation.startsJob ? { accepted: true } : {} }
        if (result.changed && operation.changesReach) runtime.changes.announce()
      } catch (error) {
        outcome = { ok: false, error: toSvcError(error, runtime.log) }
      }
      return outcome
    }, settled => ({ response: door.frame(settled), storable: settled.ok || isStorableRefusal(settled.error) }))
    return answer.replayed ? answer : { replayed: false, outcome: answer.result }
  } catch (error) {
    if (!(error instanceof SvcError)) throw error
    outcome = { ok: false, error }
    return { replayed: false, outcome }
  } finally {
    if (outcome) {
      await recordSafely(runtime, {
        operation: `${call.resource}.${call.action}`,
        channel: call.channel,
        tool: call.tool,
        identity,
        ok: outcome.ok,
        changed: outcome.ok && outcome.changed,
        code: outcome.ok ? null : outcome.error.code,
        durationMs: performance.now() - started,
        params,
        requestId: call.requestId,
        traceId: trace.traceId,
      })
    }
  }
}
