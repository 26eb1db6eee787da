import { SpanKind } from '@opentelemetry/api'
import type { Response } from 'undici'
import { injectActive } from '../tracing/propagation.ts'
import { withSpan } from '../tracing/with-span.ts'

/**
 * A request to another system in a client span named for its method (OpenTelemetry's HTTP client
 * conventions), with the destination's origin and never its path or query, which may hold a
 * credential. The span's context is added to the request's headers by the host's propagator, over
 * a `traceparent` the caller set (the call a queued delivery stored): the innermost span wins.
 */
export function outboundSpan<T extends { response: Response }> (method: string, url: string, send: (headers: Record<string, string>) => Promise<T>, headers: Record<string, string>): Promise<T> {
  const { protocol, hostname, port } = new URL(url)
  return withSpan(method, async span => {
    const sent = await send(injectActive({ ...headers }))
    span.setAttribute('http.response.status_code', sent.response.status)
    return sent
  }, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': method,
      'url.scheme': protocol.slice(0, -1),
      'server.address': hostname,
      'server.port': Number(port || (protocol === 'https:' ? 443 : 80)),
    },
    failureOf: sent => sent.response.status >= 400 ? String(sent.response.status) : undefined,
  })
}
