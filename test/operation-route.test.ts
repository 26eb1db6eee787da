// @svc-provider-independent: the per-operation route is framing around the dispatch pipeline; every example runs through it on both providers in built-server.test.ts, the database rate-limit store in rate-limit-leases.test.ts (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { useAdminSession } from './support/use-admin-session.ts'
import { createAccount } from './support/accounts.ts'
import { BASE } from './support/client.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'
import { awayFromWindowEnd } from './support/rate-windows.ts'

const plane = useTestServer({ http: { maxBodyBytes: 4096 } })

/** `POST {base}/manage/{resource}/{action}` with `body` as the params (a string is sent as it is). */
function viaRoute (operation: string, body?: unknown, key = plane.admin.key) {
  const req = request(plane.server.app).post(`${BASE}/manage/${operation.replace('.', '/')}`).set('Authorization', `Bearer ${key}`)
  if (body === undefined) return req
  return req.set('Content-Type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body))
}

function viaDispatch (operation: string, params: unknown, confirm?: boolean) {
  const [resource, action] = operation.split('.') as [string, string]
  return plane.dispatch({ resource, action, params, ...confirm === undefined ? {} : { confirm } })
}

const outcome = (res: request.Response) => ({ status: res.status, ok: res.body.ok, code: res.body.code })

function expectFailure (res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.body).toEqual({ ok: false, data: null, changed: false, error: expect.any(String), code, ...res.body.details ? { details: res.body.details } : {}, request_id: res.headers['request-id'] })
  expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/)
}

describe('POST /manage/{resource}/{action}', () => {
  test('runs the operation with the body as its params, in the envelope, with Svc-Version', async () => {
    const created = await viaRoute('crm.create', { name: 'Per-operation CRM', url: 'https://crm.example.com' })
    expect(created.status).toBe(200)
    expect(created.headers['svc-version']).toBe(PRODUCT_VERSION)
    expect(created.body).toEqual({ ok: true, changed: true, error: null, data: expect.objectContaining({ name: 'Per-operation CRM', code: expect.stringMatching(/^crm_\d{3}$/) }) })
    const read = await viaRoute('crm.get', { crm_num: created.body.data.crm_num })
    expect(read.body).toEqual({ ok: true, changed: false, error: null, data: created.body.data })
    expect((await viaDispatch('crm.get', { crm_num: created.body.data.crm_num })).body).toEqual(read.body)
  })

  test('no body is no params', async () => {
    const res = await viaRoute('crm.list')
    expect(res.status).toBe(200)
    expect(res.body.data.crms).toEqual(expect.any(Array))
  })

  test('the GET read form answers readonly operations at the same path', async () => {
    const res = await request(plane.server.app).get(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${plane.admin.key}`)
    expect(res.body).toEqual((await viaRoute('crm.list')).body)
  })

  test.each([
    ['an unknown params key', 'crm.create', { name: 'Typo', colour: 'red' }, 400, 'invalid_params'],
    ['a missing required param', 'crm.set_secret', { crm_num: '1' }, 400, 'invalid_params'],
    ['params that are not an object', 'crm.create', ['Listed'], 400, 'invalid_params'],
    ['an unknown action', 'crm.nope', {}, 404, 'unknown_operation'],
    ['an unknown resource', 'nothing.list', {}, 404, 'unknown_operation'],
    ['a record that does not exist', 'crm.get', { crm_num: '999' }, 404, 'not_found'],
    ['a destructive operation without confirm', 'crm.delete', { crm_num: '1' }, 400, 'confirm_required'],
    ['a destructive operation with confirm: false', 'crm.delete', { crm_num: '1', confirm: false }, 400, 'confirm_required'],
  ])('%s is refused as dispatch refuses it', async (_case, operation, params, status, code) => {
    const route = await viaRoute(operation, params)
    expectFailure(route, status, code)
    expect(outcome(route)).toEqual(outcome(await viaDispatch(operation, params)))
  })

  test('an unknown action names the resource\'s actions', async () => {
    expect((await viaRoute('crm.nope')).body.error).toMatch(/actions: .*create.*list/)
  })

  test('a body that is not JSON is 400 bad_request', async () => {
    expectFailure(await viaRoute('crm.create', '{"name": "Broken'), 400, 'bad_request')
  })

  test('a body over the limit is 413 payload_too_large and nothing is written', async () => {
    expectFailure(await viaRoute('crm.create', { name: 'x'.repeat(5000) }), 413, 'payload_too_large')
    expect(await plane.server.db.svcCrmSlot.count({ where: { name: { startsWith: 'xxxx' } } })).toBe(0)
  })

  test('a destructive operation runs only with confirm: true inside the body', async () => {
    const { crm_num: crmNum } = (await viaRoute('crm.create', { name: 'To delete' })).body.data
    expectFailure(await viaRoute('crm.delete', { crm_num: crmNum }), 400, 'confirm_required')
    expect((await viaRoute('crm.get', { crm_num: crmNum })).status).toBe(200)
    const deleted = await viaRoute('crm.delete', { crm_num: crmNum, confirm: true })
    expect(deleted.body).toEqual({ ok: true, changed: true, error: null, data: { crm_num: crmNum, deleted: true } })
    expectFailure(await viaRoute('crm.get', { crm_num: crmNum }), 404, 'not_found')
  })

  test('without a key it is 401 with WWW-Authenticate; with a revoked one too', async () => {
    const anonymous = await request(plane.server.app).post(`${BASE}/manage/crm/list`).send({})
    expectFailure(anonymous, 401, 'unauthenticated')
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="svc", resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/api/svc/v1/mcp"')
    const revoked = await createAccount(plane.server.db)
    await plane.server.db.svcApiKey.update({ where: { publicId: revoked.keyId }, data: { revokedAt: new Date() } })
    expectFailure(await viaRoute('crm.list', {}, revoked.key), 401, 'unauthenticated')
  })

  test('a caller without the capability is 403 forbidden and nothing runs', async () => {
    const editor = await plane.account('editor')
    expectFailure(await viaRoute('crm.create', { name: 'Editor CRM' }, editor.key), 403, 'forbidden')
    expect(await plane.server.db.svcCrmSlot.count({ where: { name: 'Editor CRM' } })).toBe(0)
  })

  test('a disabled module answers 409 module_disabled', async () => {
    expect((await viaRoute('modules.disable', { module: 'crm' })).status).toBe(200)
    try {
      expectFailure(await viaRoute('crm.list'), 409, 'module_disabled')
    } finally {
      expect((await viaRoute('modules.enable', { module: 'crm' })).status).toBe(200)
    }
  })

  test.each([
    ['PUT', '/manage/crm/list', 'GET, POST'],
    ['DELETE', '/manage/crm/create', 'POST'],
    ['PATCH', '/manage/crm/delete', 'POST'],
    ['GET', '/manage/crm/create', 'POST'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const res = await request(plane.server.app)[method.toLowerCase() as 'get'](`${BASE}${path}`).set('Authorization', `Bearer ${plane.admin.key}`)
    expectFailure(res, 405, 'method_not_allowed')
    expect(res.headers.allow).toBe(allow)
  })

  test('each call is audited like a dispatch, on the route channel, with secret params redacted', async () => {
    const { crm_num: crmNum } = (await viaRoute('crm.create', { name: 'Audited' })).body.data
    await viaRoute('crm.set_secret', { crm_num: crmNum, api_key: 'route-secret-value' })
    const { items } = (await viaRoute('audit.list', { per_page: 2 })).body.data
    // The audit.list call is recorded after it answers: the newest entries are the two before it.
    expect(items.map((item: { operation: string }) => item.operation)).toEqual(['crm.set_secret', 'crm.create'])
    expect(items[0]).toMatchObject({ channel: 'route', ok: true, changed: true, mode: 'api_key', key_id: plane.admin.keyId, params: { crm_num: crmNum, api_key: '[redacted]' } })
    await viaDispatch('crm.get', { crm_num: crmNum })
    const byDoor = (await viaRoute('audit.list', { per_page: 2, channel: 'route' })).body.data.items
    expect(byDoor.map((item: { operation: string }) => item.operation)).toEqual(['audit.list', 'crm.set_secret'])
    expect(JSON.stringify(items)).not.toContain('route-secret-value')
  })
})

describe('POST /manage/{resource}/{action} with the Admin UI session', () => {
  const session = useAdminSession(plane)

  const post = (path: string) => request(session.listener).post(`${BASE}${path}`).set('Cookie', session.cookie)

  test('a JSON write from the site\'s own origin runs', async () => {
    const req = post('/manage/crm/create')
    const res = await req.set('Origin', new URL(req.url).origin).set('Content-Type', 'application/json').send({ name: 'Session CRM' })
    expect([res.status, res.body.data?.name]).toEqual([200, 'Session CRM'])
  })

  test('a form-encoded write is 400 and a cross-origin one 403, and neither runs', async () => {
    expectFailure(await post('/manage/crm/create').type('form').send('name=Form+CRM'), 400, 'bad_request')
    expectFailure(await post('/manage/crm/create').set('Origin', 'https://evil.example').send({ name: 'Cross CRM' }), 403, 'forbidden')
    expect(await plane.server.db.svcCrmSlot.count({ where: { name: { in: ['Form CRM', 'Cross CRM'] } } })).toBe(0)
  })
})

describe('the per-key rate limit', () => {
  const limited = useTestServer({ rateLimit: { points: 3, durationSeconds: 60 } })

  test('counts per-operation calls with dispatch calls, and answers 429 with Retry-After', async () => {
    const route = () => request(limited.server.app).post(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${limited.admin.key}`)
    await awayFromWindowEnd(60)
    expect((await limited.dispatch({ resource: 'crm', action: 'list' })).status).toBe(200)
    expect((await route()).status).toBe(200)
    expect((await route()).status).toBe(200)
    const refused = await route()
    expectFailure(refused, 429, 'rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})
