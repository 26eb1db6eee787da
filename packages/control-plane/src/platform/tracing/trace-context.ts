import { randomBytes } from 'node:crypto'

/** The W3C Trace Context a call carries: its trace, its own span (the parent of what it causes), its flags. */
export type TraceContext = { traceId: string, spanId: string, flags: string }

/** `version-traceid-parentid-flags`, lower-case hex (W3C Trace Context, level 1). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/
const ALL_ZEROS = /^0+$/

/** The trace and flags of a valid `traceparent`, or null (absent, malformed, version ff, an all-zero id). */
function parseTraceparent (header: string | undefined): { traceId: string, flags: string } | null {
  const match = header === undefined ? null : TRACEPARENT.exec(header.trim())
  if (!match) return null
  const [, version, traceId, parentId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined]
  // Version 00 has exactly four parts; a later version may add more, ff is never valid.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null
  if (ALL_ZEROS.test(traceId) || ALL_ZEROS.test(parentId)) return null
  return { traceId, flags }
}

/**
 * The trace context of one call: the trace the caller's `traceparent` names, with a span of its
 * own, or, when none came (or it is malformed), a new trace, sampled.
 */
export function traceContextOf (incoming: string | undefined): TraceContext {
  const parent = parseTraceparent(incoming)
  const spanId = randomBytes(8).toString('hex')
  return parent ? { ...parent, spanId } : { traceId: randomBytes(16).toString('hex'), spanId, flags: '01' }
}

/** The `traceparent` header that makes this call the parent of what it causes (a webhook, a push). */
export const traceparentOf = (context: TraceContext): string => `00-${context.traceId}-${context.spanId}-${context.flags}`
