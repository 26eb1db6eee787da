// @svc-provider-independent: traceparent is read (by the OTel propagation API) and carried above storage; the audit, outbox and webhook paths it rides on run on both providers in audit, outbox, webhooks and lead-contact-push (runs once, on SQLite).
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { startReceiver, type Receiver } from './support/webhooks.ts'
import { startHttpPeer, type HttpPeer } from './support/loopback-peer.ts'
import { connectMcp2, listen } from './support/mcp-client.ts'
import { leads as leadsResource } from '../packages/control-plane/src/resources/leads/index.ts'
import { metrics, propagation, ProxyTracerProvider, trace } from '@opentelemetry/api'
import { extractCarried, linksTo } from '../packages/control-plane/src/platform/tracing/propagation.ts'
import { HOSTILE_VALUES } from './support/hostile-values.ts'

const plane = useTestServer({ builtins: [leadsResource({ contactCrmNum: 1 })] })
let receiver: Receiver
let peer: HttpPeer
let http: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  receiver = await startReceiver()
  peer = await startHttpPeer()
  http = await listen(plane.server.app)
})
afterAll(async () => {
  await receiver.close()
  await peer.close()
  await http.close()
})

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const CALLER_SPAN = '00f067aa0ba902b7'
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN}-01`
const W3C = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/

/** Dispatch, with a `traceparent` header when given. */
async function dispatchTraced (body: Record<string, unknown>, traceparent?: string) {
  const req = request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`)
  if (traceparent !== undefined) req.set('traceparent', traceparent)
  const res = await req.send(body)
  expect(res.body.error).toBeNull()
  return res
}

/** The audit entries of one trace, newest first. */
async function auditOfTrace (traceId: string) {
  const res = await plane.dispatch({ resource: 'audit', action: 'list', params: { trace_id: traceId } })
  expect(res.body.ok).toBe(true)
  return res.body.data.items as Array<{ operation: string, channel: string, trace_id: string, request_id: string | null }>
}

describe('a call keeps its trace', () => {
  test('the traceparent header of a dispatch is on its audit entry, and audit.list filters by it', async () => {
    const res = await dispatchTraced({ resource: 'variables', action: 'set', params: { name: 'trace.header', value: 1 } }, TRACEPARENT)
    const entries = await auditOfTrace(TRACE_ID)
    expect(entries).toEqual([expect.objectContaining({ operation: 'variables.set', channel: 'dispatch', trace_id: TRACE_ID, request_id: res.headers['request-id'] })])
  })

  test('a call without one (or with a malformed one) gets a trace of its own', async () => {
    for (const traceparent of [undefined, 'not-a-traceparent', `00-${'0'.repeat(32)}-${CALLER_SPAN}-01`]) {
      const res = await dispatchTraced({ resource: 'variables', action: 'get', params: { name: 'trace.header' } }, traceparent)
      const page = await plane.dispatch({ resource: 'audit', action: 'list', params: { request_id: res.headers['request-id'] } })
      const traceId = page.body.data.items[0].trace_id as string
      expect(traceId).toMatch(/^[0-9a-f]{32}$/)
      expect(traceId).not.toBe('0'.repeat(32))
      expect((await auditOfTrace(traceId)).map(entry => entry.request_id)).toEqual([res.headers['request-id']])
    }
  })

  test('an MCP tool call with _meta.traceparent is found by its trace', async () => {
    const traceId = 'aaaabbbbccccddddeeeeffff00001111'
    const client = await connectMcp2(http.url, plane.admin.key)
    try {
      const result = await client.callTool({ name: 'variables-set', arguments: { name: 'trace.mcp', value: 2 }, _meta: { traceparent: `00-${traceId}-${CALLER_SPAN}-00` } })
      expect(result.isError).toBeFalsy()
    } finally {
      await client.close()
    }
    expect(await auditOfTrace(traceId)).toEqual([expect.objectContaining({ operation: 'variables.set', channel: 'mcp', trace_id: traceId })])
  })
})

describe('with no SDK registered, a caller\'s trace context is read by W3C rules and hostile headers start a new trace', () => {
  const carriedTrace = (carrier: Record<string, unknown>) => trace.getSpanContext(extractCarried(carrier))?.traceId

  test('a valid traceparent (in a header or MCP _meta, with surrounding space, or repeated) is read', () => {
    expect(carriedTrace({ traceparent: TRACEPARENT })).toBe(TRACE_ID)
    expect(carriedTrace({ traceparent: ` ${TRACEPARENT} ` })).toBe(TRACE_ID)
    expect(carriedTrace({ traceparent: [TRACEPARENT, 'junk'] })).toBe(TRACE_ID)
    // A later version may add parts; version 00 may not.
    expect(carriedTrace({ traceparent: `01-${TRACE_ID}-${CALLER_SPAN}-01-more` })).toBe(TRACE_ID)
  })

  test.each([
    ['version ff', `ff-${TRACE_ID}-${CALLER_SPAN}-01`],
    ['version 00 with a fifth part', `${TRACEPARENT}-extra`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${CALLER_SPAN}-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['upper-case hex', TRACEPARENT.toUpperCase()],
    ['a short trace id', `00-${TRACE_ID.slice(1)}-${CALLER_SPAN}-01`],
    ['no flags', `00-${TRACE_ID}-${CALLER_SPAN}`],
    ['a newline inside', `00-${TRACE_ID}\n-${CALLER_SPAN}-01`],
    ['70 kB', `00-${TRACE_ID}-${CALLER_SPAN}-01`.padEnd(70_000, 'x')],
  ])('%s carries no context', (_label, traceparent) => {
    expect(carriedTrace({ traceparent })).toBeUndefined()
    expect(linksTo(traceparent)).toEqual([])
  })

  test('a _meta.traceparent that is not a string carries no context', () => {
    for (const value of HOSTILE_VALUES) {
      let parsed: unknown
      try {
        parsed = JSON.parse(value.json)
      } catch {
        continue
      }
      if (typeof parsed === 'string') continue
      expect([value.label, carriedTrace({ traceparent: parsed })]).toEqual([value.label, undefined])
    }
    expect(carriedTrace({ traceparent: [1, TRACEPARENT] })).toBeUndefined()
  })

  test('the package registers nothing: after its calls, no tracer, meter or propagator is set, so nothing is exported', async () => {
    await dispatchTraced({ resource: 'variables', action: 'get', params: { name: 'trace.header' } }, TRACEPARENT)
    const tracers = trace.getTracerProvider()
    expect(tracers).toBeInstanceOf(ProxyTracerProvider)
    expect((tracers as ProxyTracerProvider).getDelegateTracer('keystone-svc-control-plane')).toBeUndefined()
    expect(metrics.getMeterProvider().getMeter('keystone-svc-control-plane').createCounter('probe').constructor.name).toBe('NoopCounterMetric')
    expect(propagation.fields()).toEqual([])
  })

  test('a dispatch with a hostile traceparent is answered, in a trace of its own', async () => {
    for (const traceparent of [`ff-${TRACE_ID}-${CALLER_SPAN}-01`, `${TRACEPARENT}-extra`, TRACEPARENT.toUpperCase()]) {
      const res = await dispatchTraced({ resource: 'variables', action: 'get', params: { name: 'trace.header' } }, traceparent)
      const page = await plane.dispatch({ resource: 'audit', action: 'list', params: { request_id: res.headers['request-id'] } })
      const traceId = page.body.data.items[0].trace_id as string
      expect(traceId).toMatch(/^[0-9a-f]{32}$/)
      expect(traceId).not.toBe(TRACE_ID)
    }
  })
})

describe('what a call causes carries its trace', () => {
  test('the webhook a call caused is delivered with a traceparent of the call\'s trace and span', async () => {
    await dispatchTraced({ resource: 'webhooks', action: 'create', params: { url: receiver.url, event_types: ['crm.changed'] } })
    const before = receiver.received.length
    await dispatchTraced({ resource: 'crm', action: 'create', params: { name: 'Traced CRM', url: 'https://crm.example.com' } }, TRACEPARENT)
    await receiver.accepted(before + 1)
    const delivery = receiver.received[before]!
    const [, traceId, parentId, flags] = W3C.exec(String(delivery.headers.traceparent))!
    expect(traceId).toBe(TRACE_ID)
    expect(flags).toBe('01')
    // The delivery's parent is the call's own span, not the caller's.
    expect(parentId).not.toBe(CALLER_SPAN)
  })

  test('the push to the external contact system a status change caused carries the call\'s trace', async () => {
    await plane.server.db.svcCrmSlot.deleteMany()
    await dispatchTraced({ resource: 'crm', action: 'create', params: { name: 'Contacts', url: `${peer.url}/api/` } })
    await dispatchTraced({ resource: 'crm', action: 'set_secret', params: { crm_num: '1', api_key: 'contact-crm-key' } })
    const captured = await dispatchTraced({ resource: 'leads', action: 'capture', params: { source: 'form', email: 'traced@example.test' } })
    await dispatchTraced({ resource: 'leads', action: 'link_rt_contact', params: { id: captured.body.data.id, rt_contact_id: 'rt-traced' } })
    const before = peer.received.length
    const traceId = '0123456789abcdef0123456789abcdef'
    await dispatchTraced({ resource: 'leads', action: 'set_status_local', params: { id: captured.body.data.id, status: 'Qualified' } }, `00-${traceId}-${CALLER_SPAN}-01`)
    await plane.server.runtime.outbox.kick()
    const push = peer.received.slice(before).find(received => received.url === '/api/contacts/rt-traced/status')
    expect(push).toBeDefined()
    expect(W3C.exec(String(push!.headers.traceparent))?.[1]).toBe(traceId)
  })
})
