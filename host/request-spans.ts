import { SpanKind, trace } from '@opentelemetry/api'
import type { Express } from 'express'

/** This host's own spans: the scope a site's logger keeps beside Keystone's and the control plane's. */
export const HOST_TRACER = 'svc-demo-host'

const tracer = trace.getTracer(HOST_TRACER)

/**
 * An active span per HTTP request, as Keystone's `examples/logging-opentelemetry` starts one in
 * `server.extendExpressApp`: what the site does for a request (the control plane's calls among it)
 * is traced beneath it. Without a registered SDK the span is a no-op.
 */
export function traceRequests (app: Express): void {
  app.use((req, res, next) => {
    tracer.startActiveSpan('http request', {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': req.method, 'url.path': req.path, 'user_agent.original': req.headers['user-agent'] ?? '' },
    }, span => {
      res.on('finish', () => {
        span.setAttribute('http.response.status_code', res.statusCode)
        span.end()
      })
      next()
    })
  })
}
