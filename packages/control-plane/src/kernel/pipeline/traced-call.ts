import { SpanStatusCode, type Attributes } from '@opentelemetry/api'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { withCallSpan, type CallTrace } from '../../platform/tracing/call-span.ts'
import { instruments } from '../../platform/tracing/instruments.ts'
import type { Operation } from '../registry/define-operation.ts'
import type { DoorKind } from './door.ts'
import type { TraceCarrier } from '../../platform/tracing/propagation.ts'

/** What of a call its span names (an `OperationCall`). */
type TracedCall = { resource: string, action: string, door: DoorKind, tool?: string | undefined, requestId: string | null, operation?: Operation | undefined, traceCarrier?: TraceCarrier | undefined }

/** What of its answer the span and the metrics record (a `CallAnswer`). */
type SettledAnswer = { replayed: true } | { replayed: false, outcome: { ok: true, changed: boolean } | { ok: false, error: { code: string } } }

/** The name a call's span and metrics carry: the operation's, or one name for every unknown one (a caller picks those). */
const UNKNOWN_OPERATION = 'svc.unknown_operation'

/** `ok`, the refusal's code, or `replayed` for a repeat answered from the idempotency store. */
function outcomeOf (answer: SettledAnswer): { outcome: string, changed: boolean } {
  if (answer.replayed) return { outcome: 'replayed', changed: false }
  return answer.outcome.ok ? { outcome: 'ok', changed: answer.outcome.changed } : { outcome: answer.outcome.error.code, changed: false }
}

/** Who called and through which door: never a secret (the key's public id, not the key). */
function startAttributes (operation: string, call: TracedCall, identity: Identity): Attributes {
  return {
    'svc.operation': operation,
    'svc.resource': call.resource,
    'svc.action': call.action,
    'svc.door': call.door.channel,
    'svc.credential.kind': identity.mode,
    ...identity.keyId ? { 'svc.credential.key_id': identity.keyId } : {},
    ...call.tool ? { 'svc.mcp.tool': call.tool } : {},
    ...call.requestId ? { 'svc.request_id': call.requestId } : {},
  }
}

/**
 * Runs one pipeline call in its span (`withCallSpan`), then records its outcome on the span and in
 * the call metrics: a refusal sets the status ERROR with its code, as a throw would in Keystone's
 * `withSpan`.
 */
export function tracedCall<Answer extends SettledAnswer> (runtime: ControlPlaneRuntime, identity: Identity, call: TracedCall, run: (trace: CallTrace) => Promise<Answer>): Promise<Answer> {
  const operation = (call.operation ?? runtime.registry.get(call.resource, call.action))?.name ?? UNKNOWN_OPERATION
  const started = performance.now()
  const measured = { 'svc.operation': operation, 'svc.door': call.door.channel }
  return withCallSpan({ name: operation, carrier: call.traceCarrier, attributes: startAttributes(operation, call, identity) }, async (span, trace) => {
    let outcome = 'internal'
    try {
      const answer = await run(trace)
      const settled = outcomeOf(answer)
      outcome = settled.outcome
      span.setAttributes({ 'svc.outcome': outcome, 'svc.changed': settled.changed, 'svc.idempotent_replay': answer.replayed })
      if (!answer.replayed && !answer.outcome.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome })
      return answer
    } finally {
      const metrics = instruments()
      metrics.calls.add(1, { ...measured, 'svc.outcome': outcome })
      metrics.callDuration.record((performance.now() - started) / 1000, { ...measured, 'svc.outcome': outcome })
      if (outcome !== 'ok' && outcome !== 'replayed') metrics.refusals.add(1, { 'svc.operation': operation, 'error.type': outcome })
    }
  })
}
