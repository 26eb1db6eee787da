// @svc-provider-independent: the envelope, its refusals and the GET read form are HTTP framing before any handler; the operations behind them run on both providers in built-server.test.ts (runs once, on SQLite).
import { beforeEach, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, getWithKey } from './support/client.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

const plane = useTestServer({ http: { maxBodyBytes: 4096 } })

const post = (body: string | object, contentType = 'application/json') => request(plane.server.app)
  .post(`${BASE}/manage/dispatch`)
  .set('Authorization', `Bearer ${plane.admin.key}`)
  .set('Content-Type', contentType)
  .send(typeof body === 'string' ? body : JSON.stringify(body))

const expectFailure = (res: request.Response, status: number, code: string) => {
  expect(res.status).toBe(status)
  expect(res.body).toMatchObject({ ok: false, data: null, changed: false, code })
  expect(typeof res.body.error).toBe('string')
  expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/)
}

describe('dispatch envelope and errors', () => {
  test('every response carries Svc-Version', async () => {
    const ok = await plane.dispatch({ resource: 'crm', action: 'list' })
    const failed = await request(plane.server.app).get(`${BASE}/manage/manifest`)
    expect(ok.headers['svc-version']).toBe(PRODUCT_VERSION)
    expect(failed.headers['svc-version']).toBe(PRODUCT_VERSION)
  })

  test('no response names the framework: X-Powered-By is off, on the namespace, GraphQL and the site\'s pages', async () => {
    const responses = [
      await plane.dispatch({ resource: 'crm', action: 'list' }),
      await request(plane.server.app).get(`${BASE}/manage/manifest`),
      await request(plane.server.app).post('/api/graphql').send({ query: '{ __typename }' }),
      await request(plane.server.app).get('/team/999'),
    ]
    for (const res of responses) expect(res.headers['x-powered-by']).toBeUndefined()
  })

  test('params may be omitted when the operation takes none', async () => {
    const res = await post({ resource: 'crm', action: 'list' })
    expect(res.body).toMatchObject({ ok: true, changed: false, error: null })
  })

  test.each([
    ['not JSON', '{"resource": "crm",'],
    ['an array', '[1,2]'],
    ['a string', '"crm.list"'],
    ['empty', ''],
  ])('a body that is %s is 400 bad_request', async (_name, body) => {
    expectFailure(await post(body), 400, 'bad_request')
  })

  test.each([
    [{ action: 'list' }],
    [{ resource: 'crm' }],
    [{ resource: 7, action: 'list' }],
    [{ resource: 'crm', action: 'list', confirm: 'yes' }],
    [{ resource: 'crm', action: 'list', paramz: {} }],
  ])('a malformed dispatch %j is 400 bad_request', async body => {
    expectFailure(await post(body), 400, 'bad_request')
  })

  test('API-key callers may omit the JSON content type', async () => {
    const res = await post({ resource: 'crm', action: 'list' }, 'text/plain')
    expect(res.status).toBe(200)
  })

  test('params that are not an object are invalid_params', async () => {
    expectFailure(await post({ resource: 'crm', action: 'list', params: [1] }), 400, 'invalid_params')
  })

  test('unknown params keys are rejected, naming the key', async () => {
    const res = await post({ resource: 'crm', action: 'list', params: { verbose: true } })
    expectFailure(res, 400, 'invalid_params')
    expect(res.body.error).toContain('verbose')
  })

  test('an unknown action is 404 unknown_operation listing the resource actions', async () => {
    const res = await post({ resource: 'crm', action: 'purge' })
    expectFailure(res, 404, 'unknown_operation')
    expect(res.body.error).toContain('create, delete, get, list, set_secret, update')
  })

  test('an unknown resource is 404 unknown_operation listing the resources', async () => {
    const res = await post({ resource: 'widgets', action: 'list' })
    expectFailure(res, 404, 'unknown_operation')
    expect(res.body.error).toContain('crm')
  })

  test('a body over the limit is 413 payload_too_large', async () => {
    const before = await plane.server.db.svcCrmSlot.count()
    const res = await post({ resource: 'crm', action: 'create', params: { name: 'x'.repeat(5000) } })
    expectFailure(res, 413, 'payload_too_large')
    expect(await plane.server.db.svcCrmSlot.count()).toBe(before)
  })

  test.each([
    ['GET', '/manage/dispatch', 'POST'],
    ['PUT', '/manage/dispatch', 'POST'],
    ['DELETE', '/manage/manifest', 'GET'],
    ['POST', '/manage/manifest', 'GET'],
    ['PUT', '/manage/crm/list', 'GET, POST'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const res = await request(plane.server.app)[method.toLowerCase() as 'get'](`${BASE}${path}`).set('Authorization', `Bearer ${plane.admin.key}`)
    expectFailure(res, 405, 'method_not_allowed')
    expect(res.headers.allow).toBe(allow)
  })

  test('an unknown path in the namespace is 404 not_found', async () => {
    expectFailure(await getWithKey(plane.server.app, plane.admin.key, '/nothing/here'), 404, 'not_found')
  })
})

describe('GET read form', () => {
  // These read CRM slot 001; each test starts from empty slots and fills what it reads.
  beforeEach(async () => { await plane.server.db.svcCrmSlot.deleteMany() })

  test('runs a readonly operation with params from the query string', async () => {
    await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Via GET' } })
    const list = await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/list')
    expect(list.body).toMatchObject({ ok: true, data: { crms: [{ crm_num: '001', name: 'Via GET' }] } })
    const one = await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/get?crm_num=1')
    expect(one.body.data).toMatchObject({ crm_num: '001', name: 'Via GET' })
  })

  test('coerces numbers and booleans by the param schema', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/audit/list?per_page=2&page=1&ok=true')
    expect(res.body).toMatchObject({ ok: true, data: { per_page: 2, page: 1 } })
    for (const item of res.body.data.items) expect(item.ok).toBe(true)
  })

  test('object params travel as JSON in params=', async () => {
    await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Via params=' } })
    const params = encodeURIComponent(JSON.stringify({ crm_num: '001' }))
    const res = await getWithKey(plane.server.app, plane.admin.key, `/manage/crm/get?params=${params}`)
    expect(res.body.data.crm_num).toBe('001')
  })

  test('bad query values are invalid_params', async () => {
    expectFailure(await getWithKey(plane.server.app, plane.admin.key, '/manage/audit/list?per_page=1000'), 400, 'invalid_params')
    expectFailure(await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/get?params=%7Bbroken'), 400, 'invalid_params')
    expectFailure(await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/get?crm_num=1&crm_num=2'), 400, 'invalid_params')
  })

  test('an operation that changes state is 405 on GET and does not run', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/create?name=Sneaky')
    expectFailure(res, 405, 'method_not_allowed')
    expect(res.headers.allow).toBe('POST')
    expect(await plane.server.db.svcCrmSlot.count({ where: { name: 'Sneaky' } })).toBe(0)
  })

  test('an unknown operation on GET is 404 unknown_operation', async () => {
    expectFailure(await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/nope'), 404, 'unknown_operation')
  })
})
