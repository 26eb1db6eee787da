// @svc-provider-independent: the session cookie's door (Origin, Content-Type, role per request, bcrypt rehash) is decided above storage; sessions ended across instances run on both providers in session-revocation.test.ts (runs once, on SQLite).
import { hostClient, useTestServer } from './support/in-process-server.ts'
import bcrypt from 'bcryptjs'
import request from 'supertest'
import { describe, expect, test } from '@jest/globals'
import { useAdminSession } from './support/use-admin-session.ts'
import { BASE } from './support/client.ts'
import { sessionCookie, signIn } from './support/session-client.ts'

const plane = useTestServer()
const session = useAdminSession(plane)

const DISPATCH = `${BASE}/manage/dispatch`
const CRM_LIST = { resource: 'crm', action: 'list', params: {} }
const crmCreate = (name: string) => ({ resource: 'crm', action: 'create', params: { name } })

const slotNamed = (name: string) => plane.server.db.svcCrmSlot.findFirst({ where: { name } })

function postDispatch (cookie: string | null, headers: Record<string, string> = {}) {
  const req = request(session.listener).post(DISPATCH)
  if (cookie) req.set('Cookie', cookie)
  for (const [name, value] of Object.entries(headers)) req.set(name, value)
  return req
}

/** The origin (scheme://host:port) the request is addressed to, read from the request itself. */
const ownOrigin = (req: request.Test) => new URL(req.url).origin

function expectFailure (res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.body).toMatchObject({ ok: false, data: null, changed: false, error: expect.any(String), code })
}

describe('signed in with the Keystone session cookie', () => {
  test('sign-in over GraphQL sets the session cookie', () => {
    expect(session.cookie).toMatch(/^keystonejs-session=.+/)
  })

  test('dispatch crm.list with the cookie and a JSON body is 200', async () => {
    const res = await postDispatch(session.cookie).send(CRM_LIST)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: false, error: null, data: { crms: expect.any(Array), crm_count: expect.any(Number) } })
  })

  test('a JSON write with the cookie works and is audited as a session call of that account', async () => {
    const res = await postDispatch(session.cookie).send(crmCreate('Session write'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { name: 'Session write' } })
    expect(await slotNamed('Session write')).not.toBeNull()
    const entry = await plane.server.db.svcAuditEntry.findFirst({ where: { operation: 'crm.create' }, orderBy: { id: 'desc' } })
    expect(entry).toMatchObject({ actorId: plane.admin.id, actorEmail: plane.admin.email, mode: 'session', keyId: null, ok: true, changed: true })
  })

  test('without the cookie, or with a tampered one, the same request is 401', async () => {
    expectFailure(await postDispatch(null).send(CRM_LIST), 401, 'unauthenticated')
    const tampered = session.cookie.slice(0, -4) + (session.cookie.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expectFailure(await postDispatch(tampered).send(CRM_LIST), 401, 'unauthenticated')
  })

  test.each([
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
  ])('a write with Content-Type %s is 400 bad_request and creates nothing, even when the body is JSON', async contentType => {
    const name = `Cross-site ${contentType}`
    const before = await plane.server.db.svcCrmSlot.count()
    const res = await postDispatch(session.cookie, { 'Content-Type': contentType }).send(JSON.stringify(crmCreate(name)))
    expectFailure(res, 400, 'bad_request')
    expect(await slotNamed(name)).toBeNull()
    expect(await plane.server.db.svcCrmSlot.count()).toBe(before)
  })

  test('a read with a non-JSON Content-Type is 400 too', async () => {
    const res = await postDispatch(session.cookie, { 'Content-Type': 'text/plain' }).send(JSON.stringify(CRM_LIST))
    expectFailure(res, 400, 'bad_request')
  })

  test('the form-encoding of a cross-site HTML form is refused', async () => {
    const before = await plane.server.db.svcCrmSlot.count()
    const res = await postDispatch(session.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' })
      .send('resource=crm&action=create&params%5Bname%5D=Form')
    expectFailure(res, 400, 'bad_request')
    expect(await plane.server.db.svcCrmSlot.count()).toBe(before)
  })

  test.each([
    ['https://evil.example'],
    ['null'],
    ['http://127.0.0.1.evil.example'],
  ])('a write with Origin %s is 403 forbidden and writes nothing', async origin => {
    const name = `From ${origin}`
    const before = await plane.server.db.svcCrmSlot.count()
    const res = await postDispatch(session.cookie, { Origin: origin }).send(crmCreate(name))
    expectFailure(res, 403, 'forbidden')
    expect(await slotNamed(name)).toBeNull()
    expect(await plane.server.db.svcCrmSlot.count()).toBe(before)
  })

  test('a write whose Origin is the request\'s own host is 200', async () => {
    const req = postDispatch(session.cookie)
    const origin = ownOrigin(req)
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await req.set('Origin', origin).send(crmCreate('Same origin'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true })
    expect(await slotNamed('Same origin')).not.toBeNull()
  })

  test('the Origin check does not apply to API keys (no ambient credential)', async () => {
    const res = await request(session.listener).post(DISPATCH).set('Authorization', `Bearer ${plane.admin.key}`).set('Origin', 'https://evil.example').send(CRM_LIST)
    expect(res.status).toBe(200)
  })

  test('the GET read form and the manifest work with the cookie', async () => {
    expect((await plane.caller('crm')('create', { name: 'Read by cookie' })).status).toBe(200)
    const list = await request(session.listener).get(`${BASE}/manage/crm/list`).set('Cookie', session.cookie)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ ok: true, data: { crms: expect.arrayContaining([expect.objectContaining({ name: 'Read by cookie' })]) } })
    const manifest = await request(session.listener).get(`${BASE}/manage/manifest`).set('Cookie', session.cookie)
    expect(manifest.status).toBe(200)
    expect(manifest.body.data.namespace).toBe('svc/v1')
  })

  test('a signed-in subscriber gets 403 from dispatch, the GET form and the manifest', async () => {
    const subscriber = await plane.account('subscriber')
    const cookie = await sessionCookie(session.listener, subscriber.email, subscriber.password)
    const before = await plane.server.db.svcCrmSlot.count()
    expectFailure(await postDispatch(cookie).send(CRM_LIST), 403, 'forbidden')
    expectFailure(await postDispatch(cookie).send(crmCreate('By subscriber')), 403, 'forbidden')
    expectFailure(await request(session.listener).get(`${BASE}/manage/crm/list`).set('Cookie', cookie), 403, 'forbidden')
    expectFailure(await request(session.listener).get(`${BASE}/manage/manifest`).set('Cookie', cookie), 403, 'forbidden')
    expect(await plane.server.db.svcCrmSlot.count()).toBe(before)
  })

  test('the session\'s role is read on every request: demoting a signed-in administrator cuts it off', async () => {
    const account = await plane.account('administrator')
    const cookie = await sessionCookie(session.listener, account.email, account.password)
    expect((await postDispatch(cookie).send(CRM_LIST)).status).toBe(200)
    await plane.server.db.user.update({ where: { id: account.id }, data: { role: 'editor' } })
    expectFailure(await postDispatch(cookie).send(CRM_LIST), 403, 'forbidden')
    await plane.server.db.user.update({ where: { id: account.id }, data: { role: 'administrator' } })
    expect((await postDispatch(cookie).send(CRM_LIST)).status).toBe(200)
  })

  test('a session whose account was deleted is 401', async () => {
    const account = await plane.account('administrator')
    const cookie = await sessionCookie(session.listener, account.email, account.password)
    await plane.server.db.user.delete({ where: { id: account.id } })
    expectFailure(await postDispatch(cookie).send(CRM_LIST), 401, 'unauthenticated')
  })

  test('a wrong password does not sign in', async () => {
    const result = await signIn(session.listener, plane.admin.email, `${plane.admin.password}x`)
    expect(result.ok).toBe(false)
  })
})

describe('legacy bcrypt passwords', () => {
  async function createLegacyUser (password: string, role = 'administrator') {
    const email = `legacy-${Math.random().toString(36).slice(2, 10)}@example.test`
    const hash = await bcrypt.hash(password, 10)
    const user = await plane.server.db.user.create({ data: { email, name: 'Legacy', role, password: hash } })
    return { id: user.id, email, hash }
  }
  const storedHash = async (id: string) => (await hostClient(plane.server.db).user.findUniqueOrThrow({ where: { id } })).password

  test('a bcrypt hash signs in, is replaced by argon2id, and the password still works afterwards', async () => {
    const password = 'correct horse battery staple'
    const user = await createLegacyUser(password)
    expect(await storedHash(user.id)).toMatch(/^\$2[aby]\$10\$/)

    const first = await signIn(session.listener, user.email, password)
    expect(first).toMatchObject({ ok: true, itemId: user.id })
    const rehashed = await storedHash(user.id)
    expect(rehashed.startsWith('$argon2id$')).toBe(true)
    expect(rehashed).not.toContain(password)

    const second = await signIn(session.listener, user.email, password)
    expect(second).toMatchObject({ ok: true, itemId: user.id })
    expect(await storedHash(user.id)).toBe(rehashed)

    expect((await signIn(session.listener, user.email, 'wrong password')).ok).toBe(false)
    expect(await storedHash(user.id)).toBe(rehashed)

    if (!second.ok) throw new Error('unreachable')
    expect((await postDispatch(second.cookie).send(CRM_LIST)).status).toBe(200)
  })

  test('a wrong password against a bcrypt hash fails and leaves the hash alone', async () => {
    const user = await createLegacyUser('the real one')
    expect((await signIn(session.listener, user.email, 'not the real one')).ok).toBe(false)
    expect(await storedHash(user.id)).toBe(user.hash)
  })

  test('rehashing one account does not touch another', async () => {
    const a = await createLegacyUser('same password')
    const b = await createLegacyUser('same password')
    expect((await signIn(session.listener, a.email, 'same password')).ok).toBe(true)
    expect((await storedHash(a.id)).startsWith('$argon2id$')).toBe(true)
    expect(await storedHash(b.id)).toBe(b.hash)
  })
})
