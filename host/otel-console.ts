import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { HOST_TRACER } from './request-spans.ts'

/** The scopes logged: Keystone's, the control plane's and this host's; a library's own instrumentation stays out. */
const LOGGED_SCOPES = new Set(['keystone', 'keystone-svc-control-plane', HOST_TRACER])

/** Each ended span as one JSON line on stdout, as Keystone's example's span logger prints them. */
function jsonLineLogger (): SpanProcessor {
  return {
    onStart () {},
    onEnd (span: ReadableSpan) {
      const scope = span.instrumentationScope.name
      if (!LOGGED_SCOPES.has(scope)) return
      const [seconds, nanoseconds] = span.duration
      const { traceId, spanId } = span.spanContext()
      console.log(JSON.stringify({
        time: Date.now(),
        trace: traceId,
        span: spanId,
        parent: span.parentSpanContext?.spanId,
        links: span.links.length > 0 ? span.links.map(link => `${link.context.traceId}-${link.context.spanId}`) : undefined,
        scope,
        name: span.name,
        status: span.status.code,
        attrs: Object.keys(span.attributes).length > 0 ? span.attributes : undefined,
        duration: Math.ceil(seconds * 1e3 + nanoseconds / 1e6),
      }))
    },
    async forceFlush () {},
    async shutdown () {},
  }
}

/** With `SVC_OTEL_CONSOLE=1`, registers a tracer provider that logs spans (the host's part of Keystone's example). */
export function logSpansWhenAsked (env: NodeJS.ProcessEnv = process.env): void {
  if (env.SVC_OTEL_CONSOLE !== '1') return
  new NodeTracerProvider({ spanProcessors: [jsonLineLogger()] }).register()
}
