import { createHash } from 'node:crypto'
import request from 'supertest'
import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { createAccount } from './support/accounts.ts'
import { BASE, dispatcher, getWithKey, seenBodies } from './support/client.ts'
import { awayFromWindowEnd } from './support/rate-windows.ts'

const plane = useTestServer()

const KEY_SHAPE = /^svc_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/
const CRM_LIST = { resource: 'crm', action: 'list' }

const dispatchAs = (key: string, body: Parameters<ReturnType<typeof dispatcher>>[0]) => dispatcher(plane.server.app, key)(body)
const secretOf = (key: string) => key.split('_').slice(2).join('_')
const publicIdOf = (key: string) => key.split('_')[1]!

function expectFailure (res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.body).toEqual({ ok: false, data: null, changed: false, error: expect.any(String), code, ...(res.body.details ? { details: res.body.details } : {}), request_id: res.headers['request-id'] })
  expect(res.body.error.length).toBeGreaterThan(0)
}

function expectUnauthenticated (res: request.Response) {
  expectFailure(res, 401, 'unauthenticated')
  expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/)
}

describe('no or bad credentials', () => {
  test('no credentials on dispatch is 401 unauthenticated with WWW-Authenticate and the failure envelope', async () => {
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).send(CRM_LIST)
    expectUnauthenticated(res)
    expect(res.body).toEqual({ ok: false, data: null, changed: false, error: expect.any(String), code: 'unauthenticated', request_id: res.headers['request-id'] })
    expect(res.headers['svc-version']).toBeDefined()
  })

  test('no credentials on the manifest and on the GET form is 401 as well', async () => {
    expectUnauthenticated(await request(plane.server.app).get(`${BASE}/manage/manifest`))
    expectUnauthenticated(await request(plane.server.app).get(`${BASE}/manage/crm/list`))
  })

  test.each([
    ['a non-Bearer scheme', () => `Basic ${Buffer.from('admin:admin').toString('base64')}`],
    ['an empty Bearer', () => 'Bearer '],
    ['a token that is not svc_<id>_<secret>', () => 'Bearer not-a-key'],
    ['a secret that is too short', () => `Bearer svc_${publicIdOf(plane.admin.key)}_abc`],
    ['two tokens', () => `Bearer ${plane.admin.key} ${plane.admin.key}`],
  ])('a malformed Authorization header (%s) is 401', async (_name, header) => {
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', header()).send(CRM_LIST)
    expectUnauthenticated(res)
  })

  test('an unknown key id is 401', async () => {
    const unknown = `svc_${'z'.repeat(12)}_${secretOf(plane.admin.key)}`
    expect(unknown).toMatch(KEY_SHAPE)
    expectUnauthenticated(await dispatchAs(unknown, CRM_LIST))
  })

  test('the right key id with a wrong secret is 401', async () => {
    const secret = secretOf(plane.admin.key)
    const wrong = `svc_${publicIdOf(plane.admin.key)}_${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`
    expect(wrong).toMatch(KEY_SHAPE)
    expect(wrong).not.toBe(plane.admin.key)
    expectUnauthenticated(await dispatchAs(wrong, CRM_LIST))
    // and the real key still works, so the 401 above was about the secret
    expect((await dispatchAs(plane.admin.key, CRM_LIST)).status).toBe(200)
  })

  test('a failed authentication runs nothing and leaves one audit entry with no account', async () => {
    const before = { slots: await plane.server.db.svcCrmSlot.count(), audit: await plane.server.db.svcAuditEntry.count() }
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', 'Bearer nope')
      .send({ resource: 'crm', action: 'create', params: { name: 'Anonymous' } })
    expectUnauthenticated(res)
    expect({ slots: await plane.server.db.svcCrmSlot.count(), audit: await plane.server.db.svcAuditEntry.count() }).toEqual({ ...before, audit: before.audit + 1 })
    expect(await plane.server.db.svcAuditEntry.findFirst({ where: { requestId: res.headers['request-id'] } }))
      .toMatchObject({ operation: 'crm.create', ok: false, code: 'unauthenticated', actorId: null })
  })
})

describe('capability', () => {
  test.each(['subscriber', 'editor'] as const)('an account with role %s: its key is 403 forbidden on dispatch, the manifest and the GET form', async role => {
    const account = await plane.account(role)
    const before = await plane.server.db.svcCrmSlot.count()
    expectFailure(await dispatchAs(account.key, CRM_LIST), 403, 'forbidden')
    expectFailure(await dispatchAs(account.key, { resource: 'crm', action: 'create', params: { name: `by ${role}` } }), 403, 'forbidden')
    expectFailure(await getWithKey(plane.server.app, account.key, '/manage/manifest'), 403, 'forbidden')
    expectFailure(await getWithKey(plane.server.app, account.key, '/manage/crm/list'), 403, 'forbidden')
    expect(await plane.server.db.svcCrmSlot.count()).toBe(before)
  })

  test('an account without the capability learns nothing about which operations exist', async () => {
    const subscriber = await plane.account('subscriber')
    const unknown = await dispatchAs(subscriber.key, { resource: 'no_such_resource', action: 'list' })
    expectFailure(unknown, 403, 'forbidden')
    expect(unknown.body.error).not.toMatch(/crm|api_keys/)
    expectFailure(await getWithKey(plane.server.app, subscriber.key, '/manage/no_such_resource/list'), 403, 'forbidden')
  })

  test('the administrator key works on dispatch, the manifest and the GET form', async () => {
    expect((await dispatchAs(plane.admin.key, CRM_LIST)).status).toBe(200)
    const manifest = await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')
    expect(manifest.status).toBe(200)
    expect(manifest.body.data.operations.map((op: { name: string }) => op.name)).toEqual(expect.arrayContaining(['api_keys.mint', 'crm.list']))
    expect((await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/list')).status).toBe(200)
  })

  test('the account role is evaluated on every request: demote cuts the key off, promote restores it', async () => {
    const account = await plane.account('administrator')
    expect((await dispatchAs(account.key, CRM_LIST)).status).toBe(200)
    await plane.server.db.user.update({ where: { id: account.id }, data: { role: 'editor' } })
    expectFailure(await dispatchAs(account.key, CRM_LIST), 403, 'forbidden')
    expectFailure(await getWithKey(plane.server.app, account.key, '/manage/manifest'), 403, 'forbidden')
    expectFailure(await getWithKey(plane.server.app, account.key, '/manage/crm/list'), 403, 'forbidden')
    await plane.server.db.user.update({ where: { id: account.id }, data: { role: 'administrator' } })
    expect((await dispatchAs(account.key, CRM_LIST)).status).toBe(200)
    expect((await getWithKey(plane.server.app, account.key, '/manage/manifest')).status).toBe(200)
  })
})

describe('key lifecycle', () => {
  test('a key revoked through api_keys.revoke is 401 from then on', async () => {
    const account = await createAccount(plane.server.db)
    const second = await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'to revoke' } })
    const doomed: string = second.body.data.key
    expect((await dispatchAs(doomed, CRM_LIST)).status).toBe(200)
    const revoked = await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: second.body.data.id }, confirm: true })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toEqual({ ok: true, changed: true, error: null, data: { id: second.body.data.id, revoked: true } })
    expectUnauthenticated(await dispatchAs(doomed, CRM_LIST))
    expectUnauthenticated(await getWithKey(plane.server.app, doomed, '/manage/manifest'))
    expect((await dispatchAs(account.key, CRM_LIST)).status).toBe(200)
  })

  test('a key can revoke itself, by its prefix, and the next call is 401', async () => {
    const account = await createAccount(plane.server.db)
    const res = await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: `svc_${account.keyId}`, confirm: true } })
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { id: account.keyId, revoked: true } })
    expectUnauthenticated(await dispatchAs(account.key, CRM_LIST))
  })

  test('an expired key is 401; the same key with a future expiry works', async () => {
    const account = await createAccount(plane.server.db, 'administrator', { expiresInDays: 30 })
    expect((await dispatchAs(account.key, CRM_LIST)).status).toBe(200)
    await plane.server.db.svcApiKey.update({ where: { publicId: account.keyId }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expectUnauthenticated(await dispatchAs(account.key, CRM_LIST))
    expectUnauthenticated(await getWithKey(plane.server.app, account.key, '/manage/crm/list'))
    await plane.server.db.svcApiKey.update({ where: { publicId: account.keyId }, data: { expiresAt: new Date(Date.now() + 60_000) } })
    expect((await dispatchAs(account.key, CRM_LIST)).status).toBe(200)
  })

  test('a key whose account was deleted is 401', async () => {
    const account = await createAccount(plane.server.db)
    expect((await dispatchAs(account.key, CRM_LIST)).status).toBe(200)
    await plane.server.db.user.delete({ where: { id: account.id } })
    expect((await plane.server.db.svcApiKey.findUnique({ where: { publicId: account.keyId } }))?.ownerId).toBeNull()
    expectUnauthenticated(await dispatchAs(account.key, CRM_LIST))
  })
})

describe('api_keys operations', () => {
  test('mint returns the plaintext key once, in the documented shape, and the key works', async () => {
    const account = await createAccount(plane.server.db)
    const res = await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'CI pipeline', expires_in_days: 7 } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true, error: null })
    const minted = res.body.data
    expect(minted.key).toMatch(KEY_SHAPE)
    expect(minted).toMatchObject({ label: 'CI pipeline', status: 'active', prefix: `svc_${minted.id}`, revoked_at: null })
    expect(minted.key.startsWith(`${minted.prefix}_`)).toBe(true)
    expect(Date.parse(minted.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000)
    const used = await dispatchAs(minted.key, CRM_LIST)
    expect(used.status).toBe(200)
    expect(used.body.ok).toBe(true)

    const again = await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'CI pipeline' } })
    expect(again.body.data.key).toMatch(KEY_SHAPE)
    expect(again.body.data.key).not.toBe(minted.key)
    expect(again.body.data.id).not.toBe(minted.id)
  })

  test('mint rejects bad params', async () => {
    for (const params of [{}, { label: '' }, { label: 'x', expires_in_days: 0 }, { label: 'x', owner: 'someone' }]) {
      expectFailure(await dispatchAs(plane.admin.key, { resource: 'api_keys', action: 'mint', params }), 400, 'invalid_params')
    }
  })

  test('list shows label, prefix and status of only the caller\'s own keys, never the key or its digest', async () => {
    const account = await createAccount(plane.server.db)
    const other = await createAccount(plane.server.db)
    const minted = (await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'listed' } })).body.data
    const toRevoke = (await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'revoked one' } })).body.data
    await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: toRevoke.id }, confirm: true })

    const res = await dispatchAs(account.key, { resource: 'api_keys', action: 'list' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: false, error: null })
    const keys: Array<Record<string, unknown>> = res.body.data.keys
    const own = await plane.server.db.svcApiKey.findMany({ where: { ownerId: account.id }, select: { publicId: true, secretDigest: true } })
    expect(keys.map(key => key.id).sort()).toEqual(own.map(row => row.publicId).sort())
    expect(keys).toHaveLength(3)
    expect(keys.map(key => key.id)).not.toContain(other.keyId)
    expect(keys.map(key => key.id)).not.toContain(plane.admin.keyId)
    expect(keys.find(key => key.id === minted.id)).toMatchObject({ label: 'listed', prefix: `svc_${minted.id}`, status: 'active' })
    expect(keys.find(key => key.id === toRevoke.id)).toMatchObject({ label: 'revoked one', status: 'revoked', revoked_at: expect.any(String) })
    expect(keys.find(key => key.id === account.keyId)).toMatchObject({ label: 'test', status: 'active' })
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(['approval', 'created_at', 'expires_at', 'id', 'label', 'last_used_at', 'last_used_ip', 'owner', 'parent', 'pinned_version', 'prefix', 'read_only', 'revoked_at', 'scopes', 'status'])
    }

    const text = res.text
    for (const plaintext of [account.key, minted.key, toRevoke.key]) {
      expect(text).not.toContain(plaintext)
      expect(text).not.toContain(secretOf(plaintext))
    }
    for (const row of own) expect(text).not.toContain(row.secretDigest)
    expect(text).not.toMatch(/secret|digest/i)

    const otherList = await dispatchAs(other.key, { resource: 'api_keys', action: 'list' })
    expect(otherList.body.data.keys.map((key: { id: string }) => key.id)).toEqual([other.keyId])
  })

  test('list marks an expired key as expired', async () => {
    const account = await createAccount(plane.server.db)
    const minted = (await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'short-lived', expires_in_days: 1 } })).body.data
    await plane.server.db.svcApiKey.update({ where: { publicId: minted.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const keys = (await dispatchAs(account.key, { resource: 'api_keys', action: 'list' })).body.data.keys
    expect(keys.find((key: { id: string }) => key.id === minted.id)).toMatchObject({ status: 'expired' })
  })

  test('revoke without confirm is 400 confirm_required and the key keeps working', async () => {
    const account = await createAccount(plane.server.db)
    const minted = (await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'kept' } })).body.data
    expectFailure(await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: minted.id } }), 400, 'confirm_required')
    expectFailure(await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: minted.id }, confirm: false }), 400, 'confirm_required')
    expect((await plane.server.db.svcApiKey.findUnique({ where: { publicId: minted.id } }))?.revokedAt).toBeNull()
    expect((await dispatchAs(minted.key, CRM_LIST)).status).toBe(200)
  })

  test('revoke is not served by the GET form', async () => {
    const account = await createAccount(plane.server.db)
    const res = await getWithKey(plane.server.app, account.key, `/manage/api_keys/revoke?id=${account.keyId}&confirm=true`)
    expectFailure(res, 405, 'method_not_allowed')
    expect((await dispatchAs(account.key, CRM_LIST)).status).toBe(200)
  })

  test('revoking another account\'s key is 404 and leaves that key working', async () => {
    const account = await createAccount(plane.server.db)
    const victim = await createAccount(plane.server.db)
    const res = await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: victim.keyId }, confirm: true })
    expectFailure(res, 404, 'not_found')
    expect((await plane.server.db.svcApiKey.findUnique({ where: { publicId: victim.keyId } }))?.revokedAt).toBeNull()
    expect((await dispatchAs(victim.key, CRM_LIST)).status).toBe(200)
  })

  test('revoking an unknown id is 404', async () => {
    expectFailure(await dispatchAs(plane.admin.key, { resource: 'api_keys', action: 'revoke', params: { id: 'zzzzzzzzzzzz' }, confirm: true }), 404, 'not_found')
  })

  test('revoking twice: the second call succeeds with changed:false and keeps the first revocation time', async () => {
    const account = await createAccount(plane.server.db)
    const minted = (await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'twice' } })).body.data
    const first = await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: minted.id }, confirm: true })
    expect(first.body).toMatchObject({ ok: true, changed: true })
    const revokedAt = (await plane.server.db.svcApiKey.findUnique({ where: { publicId: minted.id } }))?.revokedAt
    expect(revokedAt).toBeInstanceOf(Date)
    const second = await dispatchAs(account.key, { resource: 'api_keys', action: 'revoke', params: { id: minted.id }, confirm: true })
    expect(second.status).toBe(200)
    expect(second.body).toEqual({ ok: true, changed: false, error: null, data: { id: minted.id, revoked: true } })
    expect((await plane.server.db.svcApiKey.findUnique({ where: { publicId: minted.id } }))?.revokedAt).toEqual(revokedAt)
  })
})

describe('storage', () => {
  test('the database stores only a SHA-256 digest of the secret', async () => {
    const account = await createAccount(plane.server.db)
    const minted = (await dispatchAs(account.key, { resource: 'api_keys', action: 'mint', params: { label: 'stored' } })).body.data
    const secret = secretOf(minted.key)
    const row = await plane.server.db.svcApiKey.findUnique({ where: { publicId: minted.id } })
    expect(row).not.toBeNull()
    expect(row!.secretDigest).not.toBe(secret)
    expect(row!.secretDigest).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(row!.secretDigest).toMatch(/^[0-9a-f]{64}$/)
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(secret)
    expect(stored).not.toContain(minted.key)
  })

  test('no audit entry holds a key plaintext or secret', async () => {
    const minted = await dispatchAs(plane.admin.key, { resource: 'api_keys', action: 'mint', params: { label: 'audited' } })
    await dispatchAs(minted.body.data.key, { resource: 'api_keys', action: 'revoke', params: { id: minted.body.data.id }, confirm: true })
    const entries = JSON.stringify(await plane.server.db.svcAuditEntry.findMany())
    const keys = seenBodies.flatMap(body => body.match(/svc_[a-z0-9]{12}_[A-Za-z0-9_-]{43}/g) ?? [])
    expect(keys.length).toBeGreaterThan(0)
    for (const key of [...keys, plane.admin.key]) expect(entries).not.toContain(secretOf(key))
  })
})

describe('rate limit', () => {
  const limited = useTestServer({ rateLimit: { points: 3, durationSeconds: 60 } })

  test('the request over the limit is 429 rate_limited with Retry-After, runs nothing, and other keys are unaffected', async () => {
    const first = await limited.account('administrator')
    const second = await limited.account('administrator')
    const dispatchFirst = first.dispatch
    await awayFromWindowEnd(60)
    for (let i = 0; i < 3; i++) expect((await dispatchFirst(CRM_LIST)).status).toBe(200)

    const res = await dispatchFirst({ resource: 'crm', action: 'create', params: { name: 'Over the limit' } })
    expectFailure(res, 429, 'rate_limited')
    const retryAfter = res.headers['retry-after']
    expect(retryAfter).toMatch(/^[1-9]\d*$/)
    expect(Number(retryAfter)).toBeLessThanOrEqual(60)
    expect(res.body.details).toEqual({ retry_after: Number(retryAfter) })
    expect(await limited.server.db.svcCrmSlot.count()).toBe(0)

    expectFailure(await getWithKey(limited.server.app, first.key, '/manage/manifest'), 429, 'rate_limited')
    expect((await second.dispatch(CRM_LIST)).status).toBe(200)
  })
})
