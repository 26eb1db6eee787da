// @svc-provider-independent: Request-Id and RateLimit headers are set above storage; the database store's count runs on both providers in rate-limit-leases.test.ts (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, getWithKey } from './support/client.ts'
import { awayFromWindowEnd } from './support/rate-windows.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('Request-Id', () => {
  const plane = useTestServer()

  test('every response of the namespace carries one: operations, failures, the manifest, OpenAPI, docs, MCP, public routes, unknown paths', async () => {
    const app = plane.server.app
    const auth = { Authorization: `Bearer ${plane.admin.key}` }
    const responses = await Promise.all([
      request(app).post(`${BASE}/manage/dispatch`).set(auth).send({ resource: 'crm', action: 'list' }),
      request(app).post(`${BASE}/manage/dispatch`).send({ resource: 'crm', action: 'list' }),
      request(app).get(`${BASE}/manage/manifest`).set(auth),
      request(app).get(`${BASE}/openapi.json`).set(auth),
      request(app).get(`${BASE}/docs`).set(auth),
      request(app).get(`${BASE}/mcp`).set(auth),
      request(app).post(`${BASE}/public/leads`).send('{'),
      request(app).get(`${BASE}/no/such/thing`),
      request(app).put(`${BASE}/manage/dispatch`),
    ])
    for (const res of responses) expect(res.headers['request-id']).toMatch(UUID)
    expect(new Set(responses.map(res => res.headers['request-id'])).size).toBe(responses.length)
  })

  test('failure envelopes (and MCP refusals) include it as request_id', async () => {
    const refused = await request(plane.server.app).post(`${BASE}/manage/dispatch`).send({ resource: 'crm', action: 'list' })
    expect(refused.status).toBe(401)
    expect(refused.body.request_id).toBe(refused.headers['request-id'])
    const missing = await request(plane.server.app).get(`${BASE}/nothing`)
    expect(missing.body).toMatchObject({ code: 'not_found', request_id: missing.headers['request-id'] })
    // GET opens the change stream now; a method the endpoint does not take is refused in JSON-RPC.
    const mcp = await request(plane.server.app).delete(`${BASE}/mcp`).set('Authorization', `Bearer ${plane.admin.key}`)
    expect(mcp.status).toBe(405)
    expect(mcp.body.error.data.request_id).toBe(mcp.headers['request-id'])
  })

  test('a well-formed X-Request-Id from the caller is used; anything else is replaced', async () => {
    const own = await request(plane.server.app).get(`${BASE}/manage/crm/list`)
      .set('Authorization', `Bearer ${plane.admin.key}`).set('X-Request-Id', 'job-42:step.7_a')
    expect(own.headers['request-id']).toBe('job-42:step.7_a')
    for (const bad of ['has space', 'x'.repeat(129), '<script>']) {
      const res = await request(plane.server.app).get(`${BASE}/manage/crm/list`)
        .set('Authorization', `Bearer ${plane.admin.key}`).set('X-Request-Id', bad)
      expect(res.headers['request-id']).toMatch(UUID)
    }
  })

  test('the audit entry stores it, audit.list shows it and filters by it', async () => {
    const id = `trace-${Date.now()}`
    const created = await request(plane.server.app).post(`${BASE}/manage/dispatch`)
      .set('Authorization', `Bearer ${plane.admin.key}`).set('X-Request-Id', id)
      .send({ resource: 'crm', action: 'create', params: { name: 'Traced' } })
    expect(created.status).toBe(200)
    const found = await getWithKey(plane.server.app, plane.admin.key, `/manage/audit/list?request_id=${id}`)
    expect(found.body.data.total).toBe(1)
    expect(found.body.data.items[0]).toMatchObject({ operation: 'crm.create', request_id: id, ok: true })
  })
})

describe('RateLimit headers on the public lead form', () => {
  const plane = useTestServer()

  test('a submission says its per-address limit (30 an hour by default) and what is left of it', async () => {
    const first = await request(plane.server.app).post(`${BASE}/public/leads`).type('form').send({ email: 'a@example.test' })
    const second = await request(plane.server.app).post(`${BASE}/public/leads`).type('form').send({ email: 'b@example.test' })
    expect(first.headers['ratelimit-limit']).toBe('30')
    expect(Number(second.headers['ratelimit-remaining'])).toBe(Number(first.headers['ratelimit-remaining']) - 1)
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(3600)
  })
})

describe.each(['memory', 'database'] as const)('RateLimit headers (%s store)', store => {
  const plane = useTestServer({ rateLimit: { points: 3, durationSeconds: 60, store } })

  test('each limited response says the limit, what is left and when the window resets; the refusal adds Retry-After', async () => {
    const call = () => request(plane.server.app).get(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${plane.admin.key}`)
    await awayFromWindowEnd(60)
    const answers = []
    for (let index = 0; index < 4; index++) answers.push(await call())
    expect(answers.slice(0, 3).map(res => res.headers['ratelimit-remaining'])).toEqual(['2', '1', '0'])
    for (const res of answers) {
      expect(res.headers['ratelimit-limit']).toBe('3')
      const reset = Number(res.headers['ratelimit-reset'])
      expect(reset).toBeGreaterThanOrEqual(1)
      expect(reset).toBeLessThanOrEqual(60)
    }
    const refused = answers[3]!
    expect(refused.status).toBe(429)
    expect(refused.headers['ratelimit-remaining']).toBe('0')
    expect(refused.headers['retry-after']).toBe(refused.headers['ratelimit-reset'])
  })
})
