import { context, propagation, ROOT_CONTEXT, trace, type Context, type Link, type TextMapGetter, type TextMapPropagator, type TextMapSetter } from '@opentelemetry/api'
// The propagator's own module: the package's index also loads its resource detection and the
// semantic conventions (452 KB of code, 2 MiB of the site's memory, 17 ms of its start) for nothing here.
import { W3CTraceContextPropagator } from '@opentelemetry/core/build/src/trace/W3CTraceContextPropagator.js'

/** Where a caller's trace context arrives: HTTP headers (lower-case names), or MCP's `_meta`. */
export type TraceCarrier = Readonly<Record<string, unknown>>

const w3c = new W3CTraceContextPropagator()

/**
 * The host's propagator (B3, say, or a composite), or W3C Trace Context when it registered none:
 * the API's default propagator reads and writes nothing, and a caller's `traceparent` is honoured
 * with or without an SDK.
 */
const propagator = (): TextMapPropagator => propagation.fields().length > 0 ? propagation : w3c

/** Reads strings (and lists of them, a repeated header) only: `_meta` may hold anything a client sent. */
const carrierGetter: TextMapGetter<TraceCarrier> = {
  keys: carrier => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key]
    return typeof value === 'string' || (Array.isArray(value) && value.every(item => typeof item === 'string')) ? value : undefined
  },
}

const headerSetter: TextMapSetter<Record<string, string>> = { set: (carrier, key, value) => { carrier[key] = value } }

/**
 * The context a caller carried, on no other: a malformed, all-zero or version `ff` traceparent
 * carries none (the propagator's rules), so the call starts a trace of its own.
 */
export const extractCarried = (carrier: TraceCarrier): Context => propagator().extract(ROOT_CONTEXT, carrier, carrierGetter)

/** Adds the active span's headers (the host's propagator's) to an outgoing request's. */
export function injectActive (headers: Record<string, string>, active: Context = context.active()): Record<string, string> {
  propagator().inject(active, headers, headerSetter)
  return headers
}

/**
 * The span of `active` as a W3C `traceparent`, whatever the host propagates: how queued work (an
 * outbox message, a job) keeps the span that caused it, in the database, for its later spans to link to.
 */
export function traceparentOf (active: Context): string | null {
  const carrier: Record<string, string> = {}
  w3c.inject(active, carrier, headerSetter)
  return carrier.traceparent ?? null
}

/** The link to the span a stored `traceparent` names; none for a missing or malformed one. */
export function linksTo (traceparent: string | null | undefined): Link[] {
  if (!traceparent) return []
  const spanContext = trace.getSpanContext(w3c.extract(ROOT_CONTEXT, { traceparent }, carrierGetter))
  return spanContext ? [{ context: spanContext }] : []
}
