// @svc-provider-independent: which headers carry a trace is decided above storage; the spans and links on both providers are opentelemetry.test's (runs once, on SQLite).
import request from 'supertest'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { context, propagation, trace } from '@opentelemetry/api'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { B3InjectEncoding, B3Propagator } from '@opentelemetry/propagator-b3'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { startReceiver, type Receiver } from './support/webhooks.ts'

// A host that propagates B3 (single header) instead of W3C Trace Context.
const spans = new InMemorySpanExporter()
const tracerProvider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] })
tracerProvider.register({ propagator: new B3Propagator({ injectEncoding: B3InjectEncoding.SINGLE_HEADER }) })

const plane = useTestServer({ outbox: { pollMs: 60_000 } })
let receiver: Receiver
beforeAll(async () => { receiver = await startReceiver() })
afterAll(async () => {
  await receiver.close()
  await tracerProvider.shutdown()
  trace.disable()
  propagation.disable()
  context.disable()
})

const CALLER_TRACE = '80f198ee56343ba864fe8b2a57d3eff7'
const CALLER_SPAN = 'e457b5a2e4d86bd1'

test('the host\'s propagator is honoured: a caller\'s b3 header is read, a W3C one is not, and an outgoing request carries b3', async () => {
  const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`)
    .set('b3', `${CALLER_TRACE}-${CALLER_SPAN}-1`).set('traceparent', `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`)
    .send({ resource: 'webhooks', action: 'create', params: { url: receiver.url, event_types: ['crm.changed'] } })
  expect(res.body.ok).toBe(true)
  const call = spans.getFinishedSpans().find(span => span.name === 'webhooks.create')!
  expect(call.links.map(link => [link.context.traceId, link.context.spanId])).toEqual([[CALLER_TRACE, CALLER_SPAN]])

  expect((await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'B3 CRM', url: 'https://crm.example.com' } })).body.ok).toBe(true)
  await plane.server.runtime.outbox.kick()
  await receiver.accepted(1)
  const post = spans.getFinishedSpans().find(span => span.name === 'POST')!
  const { headers } = receiver.received[0]!
  expect(headers.b3).toBe(`${post.spanContext().traceId}-${post.spanContext().spanId}-1`)
  // The host's propagator writes only its own headers: the traceparent the event kept (the causing call's) goes as without an SDK.
  const cause = spans.getFinishedSpans().find(span => span.name === 'crm.create')!
  expect(headers.traceparent).toBe(`00-${cause.spanContext().traceId}-${cause.spanContext().spanId}-01`)
})
