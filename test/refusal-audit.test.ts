import { describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { createAccount } from './support/accounts.ts'
import { REFUSAL_AUDIT_LIMIT } from '../packages/control-plane/src/kernel/pipeline/refused-authentication.ts'
import { inOneRateWindow } from './support/rate-windows.ts'
import { FAILED_AUTH_RESOLUTION_MS } from '../packages/control-plane/src/platform/auth/failed-auth-counter.ts'

describe('failed authentications are written to their key at most once a minute', () => {
  let clock = new Date('2026-03-01T10:00:00Z')
  const plane = useTestServer({ clock: () => clock })
  const refuse = (key: string) => request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${key}`)
    .send({ resource: 'crm', action: 'list', params: {} })

  test('a flood of wrong secrets naming a real key writes its row once a minute, with the count since; unknown ids write nothing', async () => {
    const victim = await createAccount(plane.server.db)
    const forged = `${victim.key.slice(0, -4)}AAAA`
    const stored = () => plane.server.db.svcApiKey.findUniqueOrThrow({ where: { publicId: victim.keyId } })
    for (let attempt = 0; attempt < 5; attempt++) expect((await refuse(forged)).status).toBe(401)
    expect((await stored()).failedAuthCount).toBe(1)
    clock = new Date(clock.getTime() + FAILED_AUTH_RESOLUTION_MS)
    expect((await refuse(forged)).status).toBe(401)
    expect(await stored()).toMatchObject({ failedAuthCount: 6, lastFailedAuthAt: clock })
    const before = await plane.server.db.svcApiKey.findMany({ select: { publicId: true, failedAuthCount: true }, orderBy: { publicId: 'asc' } })
    expect((await refuse(`svc_${'z'.repeat(16)}_${'A'.repeat(43)}`)).status).toBe(401)
    expect(await plane.server.db.svcApiKey.findMany({ select: { publicId: true, failedAuthCount: true }, orderBy: { publicId: 'asc' } })).toEqual(before)
  })
})

describe('refused calls leave an audit entry with the reason', () => {
  const plane = useTestServer()
  const entryOf = (requestId: string | undefined) => plane.server.db.svcAuditEntry.findFirst({ where: { requestId } })

  test('a wrong secret for a real key: no account, the key\'s id, the reason, and a failed authentication counted on the key', async () => {
    const victim = await createAccount(plane.server.db)
    const forged = `${victim.key.slice(0, -4)}AAAA`
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${forged}`)
        .send({ resource: 'crm', action: 'create', params: { name: 'x' } })
      expect(res.status).toBe(401)
      expect(await entryOf(res.headers['request-id'])).toMatchObject({
        operation: 'crm.create', channel: 'dispatch', ok: false, code: 'unauthenticated',
        actorId: null, actorEmail: null, keyId: victim.keyId, mode: 'api_key', params: { reason: 'invalid API key' },
      })
    }
    const key = await plane.server.db.svcApiKey.findUniqueOrThrow({ where: { publicId: victim.keyId } })
    // The first refusal is written at once; the second waits for the next write a minute on (see 'written at most once a minute').
    expect(key.failedAuthCount).toBe(1)
    expect(key.lastFailedAuthAt).toBeInstanceOf(Date)
  })

  test('revoked and expired keys, a malformed key and no credentials, on the route per operation, the read form and MCP', async () => {
    const revoked = await createAccount(plane.server.db)
    await plane.server.db.svcApiKey.update({ where: { publicId: revoked.keyId }, data: { revokedAt: new Date() } })
    const expired = await createAccount(plane.server.db)
    await plane.server.db.svcApiKey.update({ where: { publicId: expired.keyId }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const app = plane.server.app
    const cases = [
      { res: await request(app).post(`${BASE}/manage/crm/create`).set('Authorization', `Bearer ${revoked.key}`).send({ name: 'x' }), channel: 'route', operation: 'crm.create', keyId: revoked.keyId, reason: 'this API key was revoked' },
      { res: await request(app).get(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${expired.key}`), channel: 'read_form', operation: 'crm.list', keyId: expired.keyId, reason: 'this API key has expired' },
      { res: await request(app).get(`${BASE}/manage/crm/list`).set('Authorization', 'Bearer not-a-key'), channel: 'read_form', operation: 'crm.list', keyId: null, reason: expect.stringContaining('malformed') },
      { res: await request(app).get(`${BASE}/manage/crm/list`), channel: 'read_form', operation: 'crm.list', keyId: null, reason: 'authentication required' },
      { res: await request(app).post(`${BASE}/mcp`).set('Authorization', `Bearer ${revoked.key}`).send({}), channel: 'mcp', operation: '', keyId: revoked.keyId, reason: 'this API key was revoked' },
    ]
    for (const { res, channel, operation, keyId, reason } of cases) {
      expect(res.status).toBe(401)
      expect(await entryOf(res.headers['request-id'])).toMatchObject({ channel, operation, keyId, actorId: null, ok: false, code: 'unauthenticated', params: { reason } })
    }
    const counted = await plane.server.db.svcApiKey.findMany({ where: { publicId: { in: [revoked.keyId, expired.keyId] } } })
    expect(counted.map(key => key.failedAuthCount).sort()).toEqual([1, 1])
  })

  test('a missing capability on every door, and the read form\'s own refusals, are audited with the account', async () => {
    const editor = await plane.account('editor')
    const app = plane.server.app
    const auth = { Authorization: `Bearer ${editor.key}` }
    const cases = [
      { res: await editor.dispatch({ resource: 'crm', action: 'list' }), channel: 'dispatch', operation: 'crm.list', code: 'forbidden' },
      { res: await request(app).get(`${BASE}/manage/crm/list`).set(auth), channel: 'read_form', operation: 'crm.list', code: 'forbidden' },
      { res: await request(app).get(`${BASE}/manage/crm/nope`).set(auth), channel: 'read_form', operation: 'crm.nope', code: 'unknown_operation' },
      { res: await request(app).get(`${BASE}/manage/crm/create`).set('Authorization', `Bearer ${plane.admin.key}`), channel: 'read_form', operation: 'crm.create', code: 'method_not_allowed' },
      { res: await request(app).get(`${BASE}/manage/crm/get?crm_num=abc`).set('Authorization', `Bearer ${plane.admin.key}`), channel: 'read_form', operation: 'crm.get', code: 'invalid_params' },
    ]
    for (const { res, channel, operation, code } of cases) {
      expect(res.body.code).toBe(code)
      const entry = await entryOf(res.headers['request-id'])
      expect(entry).toMatchObject({ channel, operation, ok: false, code })
      expect(entry?.actorId).not.toBeNull()
    }
  })

  test('the manifest, the OpenAPI document and the reference page audit a refused key and a missing capability', async () => {
    const editor = await plane.account('editor')
    const revoked = await createAccount(plane.server.db)
    await plane.server.db.svcApiKey.update({ where: { publicId: revoked.keyId }, data: { revokedAt: new Date() } })
    for (const [path, name] of [['/manage/manifest', 'manifest'], ['/openapi.json', 'openapi'], ['/docs', 'docs']] as const) {
      const refusedKey = await request(plane.server.app).get(`${BASE}${path}`).set('Authorization', `Bearer ${revoked.key}`)
      expect([path, refusedKey.status]).toEqual([path, 401])
      expect(await entryOf(refusedKey.headers['request-id'])).toMatchObject({ operation: `manage.${name}`, channel: 'dispatch', actorId: null, keyId: revoked.keyId, ok: false, code: 'unauthenticated' })
      const noCapability = await request(plane.server.app).get(`${BASE}${path}`).set('Authorization', `Bearer ${editor.key}`)
      expect([path, noCapability.status]).toEqual([path, 403])
      const entry = await entryOf(noCapability.headers['request-id'])
      expect(entry).toMatchObject({ operation: `manage.${name}`, channel: 'dispatch', keyId: editor.keyId, ok: false, code: 'forbidden' })
      expect(entry?.actorId).not.toBeNull()
    }
  })

  test(`refused authentications from one address leave at most ${REFUSAL_AUDIT_LIMIT.points} rows a window`, async () => {
    const marker = `flood-${Date.now()}`
    await inOneRateWindow(async () => {
      const before = await plane.server.db.svcAuditEntry.count({ where: { actorId: null } })
      for (let index = 0; index < REFUSAL_AUDIT_LIMIT.points + 15; index++) {
        const res = await request(plane.server.app).get(`${BASE}/manage/crm/list?m=${marker}`)
        expect(res.status).toBe(401)
      }
      const after = await plane.server.db.svcAuditEntry.count({ where: { actorId: null } })
      expect(after - before).toBeLessThanOrEqual(REFUSAL_AUDIT_LIMIT.points)
      expect(after - before).toBeGreaterThan(0)
    })
  }, 120_000)
})
