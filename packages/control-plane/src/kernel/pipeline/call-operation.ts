import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import type { StoredResponse } from '../../platform/idempotency/store.ts'
import { SvcError, unknownOperation } from '../../platform/errors/errors.ts'
import { holdsAnyCapability, noCapability } from './capability-outside-operation.ts'
import { recordSafely } from '../../platform/audit/record-safely.ts'
import { auditOutsideOperation } from '../../platform/audit/audit-outside-operation.ts'
import type { AuditRecord } from '../../platform/audit/record.ts'
import { isStorableRefusal, runIdempotent } from './run-idempotent.ts'
import { toSvcError } from '../../platform/errors/to-svc-error.ts'
import type { Confirmation } from './confirmation.ts'
import type { DoorKind } from './door.ts'
import { runLinks, type CallState, type DoorLinks } from './links.ts'
import type { DeprecatedUse } from './deprecated-uses.ts'
import { callerLabel, countDeprecatedUses } from '../../platform/audit/deprecated-use-counts.ts'
import type { TraceCarrier } from '../../platform/tracing/propagation.ts'
import type { CallTrace } from '../../platform/tracing/call-span.ts'
import { tracedCall } from './traced-call.ts'
import { storedChangeSet } from '../../platform/change-sets/stored-images.ts'

/** One call of an operation as a door hands it over: what to run, and how it came in. */
export type OperationCall = {
  resource: string
  action: string
  params: unknown
  /** `confirm: true` sent beside the params (dispatch's top level). */
  confirm: boolean
  /** The door it came in by, as the door registered itself (`defineDoor`). */
  door: DoorKind
  /** The MCP tool name, for calls that came in as a tool. */
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
  /** The product version the caller pinned (the `Svc-Version` request header, MCP's `_meta["svc/version"]`), if it sent one. */
  pinnedVersion?: string | undefined
  /** `preview: true`: run in a transaction that is rolled back, answering what the call would change. */
  preview?: boolean | undefined
  /** A plan a preview answered: the call runs only if nothing it previewed moved since. */
  plan?: string | undefined
}

/** `accepted`: the operation started a job and answered with it (202 over HTTP). */
export type CallOutcome = { ok: true, data: unknown, changed: boolean, accepted?: boolean } | { ok: false, error: SvcError }

/**
 * A fresh outcome, or the response a repeated idempotent call stored, in the door's own format;
 * with what of the deprecated the call used, which the door tells the caller (headers, `_meta`).
 */
export type CallAnswer = ({ replayed: false, outcome: CallOutcome } | { replayed: true, response: StoredResponse }) & { deprecated: readonly DeprecatedUse[] }

/** What a door adds to one call: how an outcome is framed in its format (stored for an idempotent repeat), and its own links. */
export type DoorAnswer = DoorLinks & {
  /** The outcome as the door answers it, stored for an idempotent repeat. */
  frame: (outcome: CallOutcome) => StoredResponse
}

function missingOperation (runtime: ControlPlaneRuntime, identity: Identity, resource: string, action: string): SvcError {
  if (!holdsAnyCapability(runtime, identity)) return noCapability()
  const actions = runtime.registry.actionsOf(resource)
  if (actions.length === 0) {
    const resources = [...new Set(runtime.registry.all().map(operation => operation.resource))]
    return unknownOperation(`unknown resource "${resource}"; resources: ${resources.join(', ')}`)
  }
  return unknownOperation(`unknown action "${action}" for ${resource}; actions: ${actions.join(', ')}`)
}

/** 404 `unknown_operation` naming what there is (403 for a caller without any capability), once per call. */
function lookUp (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall): Operation {
  const operation = call.operation ?? runtime.registry.get(call.resource, call.action)
  if (!operation) throw missingOperation(runtime, identity, call.resource, call.action)
  return operation
}

function stateOf (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, operation: Operation, door: DoorAnswer, trace: CallTrace): CallState {
  const context = {
    ...runtime.contextFor(identity, call.door.channel, call.requestId),
    traceparent: trace.traceparent,
    auditSideCall: (entry: AuditRecord) => auditOutsideOperation(runtime, { ...entry, traceId: trace.traceId }),
  }
  return {
    operation,
    params: call.params,
    confirmed: call.confirm,
    preview: call.preview,
    plan: call.plan,
    confirmation: call.confirmation ?? 'flag',
    context,
    door,
    announceChange: () => runtime.changes.announce(),
    // The call's own pin, else its API key's: a client may pin one call on a key pinned to an older release.
    pinnedVersion: call.pinnedVersion ?? identity.pinnedVersion ?? undefined,
    deprecated: [],
  }
}

/** The links' answer as an outcome: any failure becomes the refusal it answers (a fault of ours, `internal`). */
async function settle (runtime: ControlPlaneRuntime, state: CallState): Promise<CallOutcome> {
  try {
    const result = await runLinks(state)
    return { ok: true, data: result.data, changed: result.changed, ...state.operation.startsJob ? { accepted: true } : {} }
  } catch (error) {
    return { ok: false, error: toSvcError(error, runtime.log) }
  }
}

/**
 * The one path every door's call takes, in the call's span (`traced-call.ts`, around all). Audited
 * once, in `finally`, for successes and refusals alike, with the span's trace id: the operation is
 * looked up, its idempotency key claimed (a repeat gets the first answer, whichever link gave it,
 * and runs nothing), then the call goes down the links of `links.ts`, in their order. A door only
 * translates its protocol to an `OperationCall` and the answer back; a new rule is a link.
 */
export function callOperation (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, door: DoorAnswer): Promise<CallAnswer> {
  return tracedCall(runtime, identity, call, trace => auditedCall(runtime, identity, call, door, trace))
}

async function auditedCall (runtime: ControlPlaneRuntime, identity: Identity, call: OperationCall, door: DoorAnswer, trace: CallTrace): Promise<CallAnswer> {
  const started = performance.now()
  let state: CallState | undefined
  let outcome: CallOutcome | undefined
  try {
    const operation = lookUp(runtime, identity, call)
    // A preview or a planned call is another call than the plain one, under the same key.
    const fingerprint = { format: call.door.format, resource: call.resource, action: call.action, params: call.params, confirm: call.confirm, ...call.preview ? { preview: true } : {}, ...call.plan === undefined ? {} : { plan: call.plan } }
    const running = stateOf(runtime, identity, call, operation, door, trace)
    state = running
    const answer = await runIdempotent(runtime, identity, call.idempotencyKey, operation, fingerprint, async () => {
      outcome = await settle(runtime, running)
      return outcome
    }, settled => ({ response: door.frame(settled), storable: settled.ok || isStorableRefusal(settled.error) }))
    return answer.replayed ? { ...answer, deprecated: running.deprecated ?? [] } : { replayed: false, outcome: answer.result, deprecated: running.deprecated ?? [] }
  } catch (error) {
    if (!(error instanceof SvcError)) throw error
    outcome = { ok: false, error }
    return { replayed: false, outcome, deprecated: [] }
  } finally {
    // Counted like the audit entry, for every use, whoever answered: the status page says who still calls what.
    const uses = state?.deprecated ?? []
    if (uses.length > 0) await countDeprecatedUses(runtime.db, uses.map(use => use.use), callerLabel(identity)).catch(error => runtime.log('could not count a deprecated use', error))
    if (outcome) {
      await recordSafely(runtime, {
        operation: `${call.resource}.${call.action}`,
        channel: call.door.channel,
        tool: call.tool,
        identity,
        ok: outcome.ok,
        changed: outcome.ok && outcome.changed,
        code: outcome.ok ? null : outcome.error.code,
        durationMs: performance.now() - started,
        params: state?.params ?? call.params,
        requestId: call.requestId,
        traceId: trace.traceId,
        changeSet: storedChangeSet(runtime.secrets, state?.changes?.changeSet() ?? null),
      })
    }
  }
}
