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
import { answerJson, startHttpPeer, startLoopbackServer } from './support/loopback-peer.ts'

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

describe('every door, every outbound request and the other instruments', () => {
  /** A point's value after a collection: a counter's sum or an up-down counter's current value. */
  const valueOf = async (name: string, attributes: Record<string, unknown> = {}) => sumWhere(await points(name), attributes)

  test('each operation\'s route and its read form: a call span under the request span, with its door; the audit entry has its trace id', async () => {
    const route = await request(plane.server.app).post(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${plane.admin.key}`).send({})
    const readForm = await request(plane.server.app).get(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${plane.admin.key}`)
    for (const [res, door] of [[route, 'route'], [readForm, 'read_form']] as const) {
      expect(res.status).toBe(200)
      const call = only('crm.list', 'svc.request_id', res.headers['request-id'])
      expect(call.attributes).toMatchObject({ 'svc.door': door, 'svc.credential.kind': 'api_key', 'svc.outcome': 'ok' })
      expect(parentOf(call)?.attributes['url.path']).toBe(`${BASE}/manage/crm/list`)
      expect((await auditEntryOf(String(res.headers['request-id']))).trace_id).toBe(traceId(call))
    }
  })

  test('a caller\'s tracestate is read with its traceparent, through the propagation API', async () => {
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`)
      .set('traceparent', `00-${CALLER_TRACE}-${CALLER_SPAN}-01`).set('tracestate', 'vendor=opaque-1,other=2')
      .send({ resource: 'crm', action: 'list' })
    const call = only('crm.list', 'svc.request_id', res.headers['request-id'])
    expect(call.links.map(link => [link.context.traceId, link.context.traceState?.serialize()])).toEqual([[CALLER_TRACE, 'vendor=opaque-1,other=2']])
  })

  test('an AI provider call: a GET client span of the call, naming the provider\'s origin only; the provider gets its traceparent', async () => {
    const provider = await startLoopbackServer((_req, res) => answerJson(res, 200, { object: 'list', data: [{ id: 'traced-model' }] }))
    const apiKey = `sk-traced-${randomUUID()}`
    try {
      expect((await plane.dispatch({ resource: 'ai', action: 'update', params: { provider: 'openai_compatible', base_url: `${provider.url}/compat/v1` } })).body.ok).toBe(true)
      expect((await plane.dispatch({ resource: 'ai', action: 'set_secret', params: { api_key: apiKey } })).body.ok).toBe(true)
      const tested = await plane.dispatch({ resource: 'ai', action: 'test' })
      expect(tested.body.data).toMatchObject({ ok: true, models: ['traced-model'] })
      const call = only('ai.test', 'svc.request_id', tested.headers['request-id'])
      const get = named('GET').filter(span => requestSpanAbove(span) === requestSpanAbove(call))
      expect(get).toHaveLength(1)
      expect(parentOf(get[0]!)?.name).toBe('svc.handler')
      expect(get[0]!.attributes).toEqual({ 'http.request.method': 'GET', 'url.scheme': 'http', 'server.address': '127.0.0.1', 'server.port': Number(new URL(provider.url).port), 'http.response.status_code': 200 })
      expect(W3C.exec(String(provider.requests.at(-1)!.headers.traceparent))?.slice(1)).toEqual([traceId(get[0]!), spanId(get[0]!)])
      expect(JSON.stringify(finished().map(span => [span.attributes, span.events]))).not.toContain(apiKey)
    } finally {
      await provider.close()
    }
  })

  test('a contact push: the outbox attempt linked to the call that changed the status, its POST a client span whose context the contact system gets', async () => {
    const contacts = await startHttpPeer()
    try {
      const crm = await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Traced contacts', url: `${contacts.url}/api/` } })
      const crmNum = crm.body.data.crm_num as string
      await plane.dispatch({ resource: 'crm', action: 'set_secret', params: { crm_num: crmNum, api_key: `contacts-${randomUUID()}` } })
      // The contact system is the CRM slot the site variable leads.contact_crm_num names.
      expect((await plane.dispatch({ resource: 'variables', action: 'set', params: { name: 'leads.contact_crm_num', value: crmNum } })).body.ok).toBe(true)
      const lead = (await plane.dispatch({ resource: 'leads', action: 'capture', params: { source: 'form', email: `traced-${randomUUID().slice(0, 8)}@example.test` } })).body.data
      await plane.dispatch({ resource: 'leads', action: 'link_rt_contact', params: { id: lead.id, rt_contact_id: 'rt-traced' } })
      const changed = await plane.dispatch({ resource: 'leads', action: 'set_status_local', params: { id: lead.id, status: 'Qualified' } })
      expect(changed.body.ok).toBe(true)
      await plane.server.runtime.outbox.kick()
      const received = await contacts.nextRequest()
      expect(received.url).toBe('/api/contacts/rt-traced/status')

      const call = only('leads.set_status_local', 'svc.request_id', changed.headers['request-id'])
      const attempt = only('svc.outbox leads.contact_status', 'svc.outbox.outcome', 'delivered')
      expect(attempt.parentSpanContext).toBeUndefined()
      expect(attempt.links.map(link => [link.context.traceId, link.context.spanId])).toEqual([[traceId(call), spanId(call)]])
      const post = finished().find(span => span.name === 'POST' && span.parentSpanContext?.spanId === spanId(attempt))!
      expect(post.attributes).toMatchObject({ 'http.request.method': 'POST', 'server.address': '127.0.0.1', 'http.response.status_code': 200 })
      expect(W3C.exec(String(received.headers.traceparent))?.slice(1)).toEqual([traceId(post), spanId(post)])
    } finally {
      await plane.server.db.svcVariable.deleteMany({ where: { name: 'leads.contact_crm_num' } })
      await contacts.close()
    }
  })

  test('svc.change_streams.open counts the MCP change streams open now', async () => {
    const before = await valueOf('svc.change_streams.open')
    const client = await connectMcp2(http.url, plane.admin.key)
    const stream = await client.listen({ toolsListChanged: true })
    try {
      expect(await valueOf('svc.change_streams.open')).toBe(before + 1)
    } finally {
      await stream.close?.()
      await client.close()
    }
    // The server hears the stream end once the client's connection closes.
    for (let tries = 0; tries < 100 && await valueOf('svc.change_streams.open') !== before; tries++) await new Promise(resolve => setTimeout(resolve, 50))
    expect(await valueOf('svc.change_streams.open')).toBe(before)
  })

  describe('on a site with a rate limit', () => {
    const limited = useTestServer({ rateLimit: { points: 2, durationSeconds: 60 } })

    test('svc.rate_limited counts each request a limit refused, by the limiter\'s scope; the refused request\'s span says 429', async () => {
      const before = await valueOf('svc.rate_limited', { 'svc.limiter.scope': 'api' })
      const statuses: number[] = []
      for (let call = 0; call < 4; call++) statuses.push((await limited.dispatch({ resource: 'crm', action: 'list' })).status)
      expect(statuses).toEqual([200, 200, 429, 429])
      expect(await valueOf('svc.rate_limited', { 'svc.limiter.scope': 'api' })).toBe(before + 2)
      // No other request of the file is refused by a limit.
      expect(named('http request').filter(span => span.attributes['http.response.status_code'] === 429).map(span => span.attributes['url.path'])).toEqual([`${BASE}/manage/dispatch`, `${BASE}/manage/dispatch`])
    })
  })
})
