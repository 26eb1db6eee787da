import { context, createContextKey, isSpanContextValid, ROOT_CONTEXT, trace, TraceFlags, type Attributes, type Context, type Link, type Span, type SpanContext } from '@opentelemetry/api'
import { tracer } from './instrumentation-scope.ts'
import { extractCarried, traceparentOf, type TraceCarrier } from './propagation.ts'
import { recordError } from './with-span.ts'
import { randomHex } from '../lib/random-hex.ts'

/** A call's place in its trace: the audit entry's trace id, and the `traceparent` what it causes is sent with. */
export type CallTrace = { traceId: string, traceparent: string }

export type CallSpanStart = {
  name: string
  /** What the door received the caller's trace context in (HTTP headers, MCP's `_meta`), if anything. */
  carrier?: TraceCarrier | undefined
  attributes: Attributes
}

/** The span the work a call queues links to: the call's, not the handler's below it. */
const CAUSE = createContextKey('keystone-svc-control-plane.cause')

/** The `traceparent` of the span that caused what is being queued now (the call's, else the active span's), or null. */
export function causeTraceparent (active: Context = context.active()): string | null {
  const cause = active.getValue(CAUSE) as Span | undefined
  return traceparentOf(cause ? trace.setSpan(ROOT_CONTEXT, cause) : active)
}

/**
 * The parent of a call's span: the active span (the host's request span, as in Keystone's example)
 * when there is one, else the context the caller carried, else none. A carried context of another
 * trace beside an active span is not lost: it becomes a link.
 */
function parentOf (active: Context, carrier: TraceCarrier | undefined): { parent: Context, links: Link[] } {
  const carried = carrier ? trace.getSpanContext(extractCarried(carrier)) : undefined
  const current = trace.getSpanContext(active)
  if (current && isSpanContextValid(current)) {
    return { parent: active, links: carried && carried.traceId !== current.traceId ? [{ context: carried }] : [] }
  }
  return { parent: carried ? trace.setSpanContext(active, carried) : active, links: [] }
}

/**
 * The call's span context as W3C Trace Context sees it. With no SDK registered the API's span is a
 * no-op that repeats its parent (or is all zeros), so the call gets what an SDK would have given it:
 * the parent's trace (or a new one, sampled) and a span id of its own.
 */
function callContextOf (span: Span, parent: SpanContext | undefined): SpanContext {
  const own = span.spanContext()
  if (isSpanContextValid(own) && own.spanId !== parent?.spanId) return own
  const spanId = randomHex(8)
  return parent && isSpanContextValid(parent)
    ? { ...parent, spanId, isRemote: false }
    : { traceId: randomHex(16), spanId, traceFlags: TraceFlags.SAMPLED }
}

/**
 * Runs one operation call in its span (see `parentOf`), the span marked as the cause of the work
 * the call queues; `fn` sets the outcome. A throw is recorded as Keystone's `withSpan` records it.
 */
export function withCallSpan<T> (start: CallSpanStart, fn: (span: Span, trace: CallTrace) => Promise<T>): Promise<T> {
  const { parent, links } = parentOf(context.active(), start.carrier)
  return tracer.startActiveSpan(start.name, { attributes: start.attributes, links }, parent, async span => {
    const own = callContextOf(span, trace.getSpanContext(parent))
    const callTrace = { traceId: own.traceId, traceparent: traceparentOf(trace.setSpanContext(ROOT_CONTEXT, own))! }
    try {
      return await context.with(context.active().setValue(CAUSE, span), () => fn(span, callTrace))
    } catch (error) {
      recordError(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}
