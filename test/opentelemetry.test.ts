import request from 'supertest'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { context, metrics, propagation, SpanStatusCode, trace } from '@opentelemetry/api'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, type DataPoint } from '@opentelemetry/sdk-metrics'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { deliver, standardHeaders, startReceiver, type Receiver } from './support/webhooks.ts'
import { connectMcp2, listen } from './support/mcp-client.ts'
import { createPost } from './support/posts.ts'

// The host's part, as Keystone's examples/logging-opentelemetry does it: a tracer provider (with
// its AsyncLocalStorage context manager and W3C propagator) and a meter provider, registered
// before the site starts; the demo host starts an active span per request (host/request-spans.ts).
const spans = new InMemorySpanExporter()
const tracerProvider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] })
tracerProvider.register()
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
const metricReader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })
const meterProvider = new MeterProvider({ readers: [metricReader] })
metrics.setGlobalMeterProvider(meterProvider)

const plane = useTestServer({ outbox: { pollMs: 60_000 }, jobs: { pollMs: 3_600_000, batchSize: 2 }, http: { siteUrl: 'https://team.example.com' } })
let receiver: Receiver
let http: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  receiver = await startReceiver()
  http = await listen(plane.server.app)
})
afterAll(async () => {
  await receiver.close()
  await http.close()
  await tracerProvider.shutdown()
  await meterProvider.shutdown()
  trace.disable()
  metrics.disable()
  propagation.disable()
  context.disable()
})

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const CALLER_SPAN = '00f067aa0ba902b7'
const W3C = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/

const finished = () => spans.getFinishedSpans()
const named = (name: string) => finished().filter(span => span.name === name)
const spanId = (span: ReadableSpan) => span.spanContext().spanId
const traceId = (span: ReadableSpan) => span.spanContext().traceId
const parentOf = (span: ReadableSpan) => finished().find(other => spanId(other) === span.parentSpanContext?.spanId)
/** The one span of `name` whose attribute `key` is `value`. */
function only (name: string, key: string, value: unknown): ReadableSpan {
  const found = named(name).filter(span => span.attributes[key] === value)
  expect(found).toHaveLength(1)
  return found[0]!
}

/** The host's request span a span of the control plane is nested under, directly or through others. */
function requestSpanAbove (span: ReadableSpan): ReadableSpan {
  for (let current: ReadableSpan | undefined = span; current; current = parentOf(current)) {
    if (current.name === 'http request') return current
  }
  throw new Error(`${span.name} is under no request span`)
}

async function auditEntryOf (requestId: string) {
  const page = await plane.dispatch({ resource: 'audit', action: 'list', params: { request_id: requestId } })
  expect(page.body.ok).toBe(true)
  return page.body.data.items[0] as { operation: string, trace_id: string, channel: string }
}

/** The metric points of `name` after a collection, by their attributes. */
async function points (name: string): Promise<Array<DataPoint<number>>> {
  metricExporter.reset()
  await metricReader.forceFlush()
  const scopes = metricExporter.getMetrics().flatMap(resource => resource.scopeMetrics)
  expect(scopes.every(scope => scope.scope.name === 'keystone-svc-control-plane' || scope.metrics.length === 0)).toBe(true)
  const metric = scopes.flatMap(scope => scope.metrics).find(candidate => candidate.descriptor.name === name)
  return (metric?.dataPoints ?? []) as Array<DataPoint<number>>
}
const sumWhere = (found: Array<DataPoint<number>>, attributes: Record<string, unknown>) =>
  found.filter(point => Object.entries(attributes).every(([key, value]) => point.attributes[key] === value)).reduce((sum, point) => sum + point.value, 0)

describe('a call is a span of the host\'s trace', () => {
  test('a dispatch: the call\'s span under the request span, named for the operation, with who called and how it ended; the audit entry has its trace id', async () => {
    const res = await plane.dispatch({ resource: 'variables', action: 'set', params: { name: 'otel.dispatch', value: 1 } })
    expect(res.body.ok).toBe(true)
    const call = only('variables.set', 'svc.request_id', res.headers['request-id'])
    expect(call.instrumentationScope.name).toBe('keystone-svc-control-plane')
    expect(call.instrumentationScope.version).toBe((await import('../packages/control-plane/package.json', { with: { type: 'json' } })).default.version)
    expect(call.attributes).toMatchObject({
      'svc.operation': 'variables.set', 'svc.resource': 'variables', 'svc.action': 'set', 'svc.door': 'dispatch',
      'svc.credential.kind': 'api_key', 'svc.credential.key_id': plane.admin.keyId, 'svc.outcome': 'ok', 'svc.changed': true, 'svc.idempotent_replay': false,
    })
    expect(call.status.code).not.toBe(SpanStatusCode.ERROR)
    const requestSpan = parentOf(call)!
    expect(requestSpan).toMatchObject({ name: 'http request', instrumentationScope: { name: 'svc-demo-host' } })
    expect((await auditEntryOf(String(res.headers['request-id']))).trace_id).toBe(traceId(call))
    // The handler and its transaction are the call's child.
    expect(finished().filter(span => span.name === 'svc.handler' && span.parentSpanContext?.spanId === spanId(call)).map(span => span.attributes['svc.operation'])).toEqual(['variables.set'])
  })

  test('a refusal sets the status ERROR with its code; an unknown operation is one span name, whatever the caller sent', async () => {
    const refused = await plane.dispatch({ resource: 'variables', action: 'set', params: { name: 'otel.refused' } })
    expect(refused.body.code).toBe('invalid_params')
    const span = only('variables.set', 'svc.request_id', refused.headers['request-id'])
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'invalid_params' })
    expect(span.attributes['svc.outcome']).toBe('invalid_params')
    const unknown = await plane.dispatch({ resource: `nothing-${randomUUID()}`, action: 'here', params: {} })
    expect(unknown.body.code).toBe('unknown_operation')
    expect(only('svc.unknown_operation', 'svc.request_id', unknown.headers['request-id']).attributes['svc.outcome']).toBe('unknown_operation')
  })

  test('a traceparent the caller sent beside the host\'s request span is kept as a link', async () => {
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`)
      .set('traceparent', `00-${CALLER_TRACE}-${CALLER_SPAN}-01`).send({ resource: 'variables', action: 'get', params: { name: 'otel.dispatch' } })
    expect(res.body.ok).toBe(true)
    const call = only('variables.get', 'svc.request_id', res.headers['request-id'])
    expect(parentOf(call)?.name).toBe('http request')
    expect(call.links.map(link => [link.context.traceId, link.context.spanId])).toEqual([[CALLER_TRACE, CALLER_SPAN]])
  })

  test('an MCP tool call: the tool\'s span under the request span of its POST, with the tool name; _meta.traceparent a link', async () => {
    const client = await connectMcp2(http.url, plane.admin.key)
    try {
      const result = await client.callTool({ name: 'variables-set', arguments: { name: 'otel.mcp', value: 2 }, _meta: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } })
      expect(result.isError).toBeFalsy()
    } finally {
      await client.close()
    }
    const call = only('variables.set', 'svc.door', 'mcp')
    expect(call.attributes).toMatchObject({ 'svc.mcp.tool': 'variables-set', 'svc.credential.kind': 'api_key', 'svc.outcome': 'ok' })
    expect(requestSpanAbove(call).attributes['url.path']).toBe(`${BASE}/mcp`)
    expect(call.links.map(link => link.context.traceId)).toEqual([CALLER_TRACE])
    const entry = await auditEntryOf(String(call.attributes['svc.request_id']))
    expect(entry).toMatchObject({ operation: 'variables.set', channel: 'mcp', trace_id: traceId(call) })
  })

  test('no span carries a secret: not the API key, not a webhook secret', async () => {
    const text = JSON.stringify(finished().map(span => [span.name, span.attributes, span.events, span.links]))
    expect(text).not.toContain(plane.admin.key.split('_').at(-1))
    expect(text).not.toContain('whsec_')
  })
})

describe('what a call causes is traced, and links back to it', () => {
  test('a webhook delivery: the outbox attempt is a trace of its own linked to the call, its POST a client span whose context the receiver gets', async () => {
    await plane.dispatch({ resource: 'webhooks', action: 'create', params: { url: receiver.url, event_types: ['crm.changed'] } })
    const before = receiver.received.length
    const res = await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Traced CRM', url: 'https://crm.example.com' } })
    expect(res.body.ok).toBe(true)
    await plane.server.runtime.outbox.kick()
    await receiver.accepted(before + 1)
    const call = only('crm.create', 'svc.request_id', res.headers['request-id'])
    expect((await auditEntryOf(String(res.headers['request-id']))).trace_id).toBe(traceId(call))

    const attempt = only('svc.outbox webhooks.deliver', 'svc.outbox.outcome', 'delivered')
    expect(attempt.parentSpanContext).toBeUndefined()
    expect(traceId(attempt)).not.toBe(traceId(call))
    expect(attempt.links.map(link => [link.context.traceId, link.context.spanId])).toEqual([[traceId(call), spanId(call)]])
    const post = finished().find(span => span.name === 'POST' && span.parentSpanContext?.spanId === spanId(attempt))!
    expect(post.attributes).toMatchObject({ 'http.request.method': 'POST', 'server.address': '127.0.0.1', 'http.response.status_code': 200 })
    expect(W3C.exec(String(receiver.received[before]!.headers.traceparent))?.slice(1)).toEqual([traceId(post), spanId(post)])
  })

  test('a signed delivery with forwarding: ingest under the request span, the forward\'s attempt linked to the ingest', async () => {
    const forwards = await startReceiver()
    try {
      const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: `Traced feed ${randomUUID().slice(0, 8)}`, auth_mode: 'hmac', forward_enabled: true, forward_url: forwards.url } })
      const source = created.body.data as { id: number, slug: string, secret: string }
      const article = (n: number) => ({ headline: `Story ${n}`, body: `<p>Story ${n}</p>` })
      const signed = (body: object) => standardHeaders(source.secret, `msg_${randomUUID()}`, new Date(), body)
      expect((await deliver(plane.server.app, source.slug, article(1), signed(article(1)))).status).toBe(202)
      expect((await plane.dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id: source.id, mapping: { title: 'headline', content: 'body' } } })).body.ok).toBe(true)
      const delivered = await deliver(plane.server.app, source.slug, article(2), signed(article(2)))
      expect(delivered.body.data.status).toBe('created')
      await plane.server.runtime.outbox.kick()
      await forwards.accepted(2)

      const ingest = only('svc.content_sources.ingest', 'svc.delivery.id', delivered.body.data.delivery_id)
      expect(ingest.attributes['svc.delivery.status']).toBe('created')
      expect(requestSpanAbove(ingest).attributes['url.path']).toBe(`${BASE}/ingest/${source.slug}`)
      const attempts = named('svc.outbox content_sources.forward').filter(span => span.links.some(link => link.context.spanId === spanId(ingest)))
      expect(attempts).toHaveLength(1)
      expect(attempts[0]!.attributes['svc.outbox.outcome']).toBe('delivered')
      // The sample held before the mapping was approved is ingested inside that call: its forward links to the call.
      const approve = named('content_sources.approve_mapping').at(-1)!
      expect(named('svc.outbox content_sources.forward').some(span => span.links.some(link => link.context.spanId === spanId(approve)))).toBe(true)
    } finally {
      await forwards.close()
    }
  })
})

describe('the other work a call does or queues', () => {
  test('a job\'s batches: each a trace of its own linked to the call that started the job, their items counted', async () => {
    for (let i = 0; i < 3; i++) await createPost(plane.server.db, { title: `Traced ${i}`, source: 'otel-batch' })
    const res = await plane.dispatch({ resource: 'pipelines', action: 'run_batch', params: { filter: { source: 'otel-batch' }, dry_run: true } })
    expect(res.status).toBe(202)
    await plane.server.runtime.jobs.kick()
    const call = only('pipelines.run_batch', 'svc.request_id', res.headers['request-id'])
    const batches = named('svc.job pipelines.run_batch').filter(span => span.attributes['svc.job.id'] === res.body.data.job_id)
    // Three posts in batches of two.
    expect(batches.map(span => span.attributes['svc.job.items'])).toEqual([2, 1])
    for (const batch of batches) {
      expect(batch.parentSpanContext).toBeUndefined()
      expect(batch.links.map(link => link.context.spanId)).toEqual([spanId(call)])
    }
    expect(sumWhere(await points('svc.job.items'), { 'svc.job.kind': 'pipelines.run_batch' })).toBe(3)
    expect(sumWhere(await points('svc.jobs.ended'), { 'svc.job.kind': 'pipelines.run_batch', 'svc.job.status': 'succeeded' })).toBe(1)
  })

  test('an e-mail send is a client span of the call that sent it, naming neither the server nor the recipient', async () => {
    const address = `otel-${randomUUID().slice(0, 8)}@example.com`
    const created = await plane.dispatch({ resource: 'users', action: 'create', params: { first_name: 'Traced', email: address } })
    const userNum = created.body.data.user_num as string
    expect((await plane.dispatch({ resource: 'users', action: 'link_account', params: { user_num: userNum, account_id: plane.admin.id } })).body.ok).toBe(true)
    const sent = await plane.dispatch({ resource: 'users', action: 'send_welcome_email', params: { user_num: userNum, confirm: true } })
    expect(sent.body.ok).toBe(true)
    const call = only('users.send_welcome_email', 'svc.request_id', sent.headers['request-id'])
    const mail = named('svc.mail.send').filter(span => requestSpanAbove(span) === requestSpanAbove(call))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.attributes).toEqual({ 'svc.mail.via': 'outbox' })
    expect(JSON.stringify(finished().map(span => span.attributes))).not.toContain(address)
  })
})

describe('metrics through the OpenTelemetry metrics API', () => {
  test('calls by operation, door and outcome, their duration, refusals by code, and outbox attempts read back with the counts made', async () => {
    const calls = await points('svc.calls')
    expect(sumWhere(calls, { 'svc.operation': 'variables.set', 'svc.door': 'dispatch', 'svc.outcome': 'ok' })).toBe(1)
    expect(sumWhere(calls, { 'svc.operation': 'variables.set', 'svc.door': 'dispatch', 'svc.outcome': 'invalid_params' })).toBe(1)
    expect(sumWhere(calls, { 'svc.operation': 'variables.set', 'svc.door': 'mcp', 'svc.outcome': 'ok' })).toBe(1)
    expect(sumWhere(calls, { 'svc.operation': 'svc.unknown_operation', 'svc.outcome': 'unknown_operation' })).toBe(1)
    const refusals = await points('svc.call.refusals')
    expect(sumWhere(refusals, { 'error.type': 'invalid_params' })).toBe(1)
    const durations = (await points('svc.call.duration')) as unknown as Array<{ attributes: Record<string, unknown>, value: { count: number } }>
    expect(durations.filter(point => point.attributes['svc.operation'] === 'variables.set').reduce((sum, point) => sum + point.value.count, 0)).toBe(3)
    const attempts = await points('svc.outbox.attempts')
    expect(sumWhere(attempts, { 'svc.outbox.topic': 'webhooks.deliver', 'svc.outbox.outcome': 'delivered' })).toBeGreaterThanOrEqual(1)
    expect(sumWhere(attempts, { 'svc.outbox.topic': 'content_sources.forward', 'svc.outbox.outcome': 'delivered' })).toBe(2)
    const depth = await points('svc.outbox.depth')
    expect(sumWhere(depth, {})).toBe(0)
  })
})
