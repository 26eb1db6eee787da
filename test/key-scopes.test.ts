import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, type InProcessServer, useTestServer } from './support/in-process-server.ts'
import { useAdminSession } from './support/use-admin-session.ts'
import { BASE, dispatcher, getWithKey } from './support/client.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const plane = useTestServer({ security: { apiKeys: { maxChildren: 3 } } })
const session = useAdminSession(plane)

const asSession = (body: Record<string, unknown>) =>
  request(session.listener).post(`${BASE}/manage/dispatch`).set('Cookie', session.cookie).send(body)

type Minted = { id: string, key: string, expires_at: string | null, scopes: string[] | null, read_only: boolean, approval: string }

const mintAs = (key: string, params: Record<string, unknown>) => dispatcher(plane.server.app, key)({ resource: 'api_keys', action: 'mint', params })
async function minted (key: string, params: Record<string, unknown>): Promise<Minted> {
  const res = await mintAs(key, params)
  expect(res.body).toMatchObject({ ok: true })
  return res.body.data as Minted
}
/** Keys minted in the Admin UI have no parent, so the parent-per-key limit below stays out of the way. */
const mintRoot = (params: Record<string, unknown>) => asSession({ resource: 'api_keys', action: 'mint', params })
async function root (params: Record<string, unknown>): Promise<Minted> {
  const res = await mintRoot(params)
  expect(res.body).toMatchObject({ ok: true })
  return res.body.data as Minted
}
const call = (key: string, resource: string, action: string, params: Record<string, unknown> = {}, confirm?: boolean) =>
  dispatcher(plane.server.app, key)({ resource, action, params, ...(confirm ? { confirm } : {}) })

function expectRefusal (res: request.Response, status: number, code: string, message?: RegExp) {
  expect({ status: res.status, ok: res.body.ok, code: res.body.code }).toEqual({ status, ok: false, code })
  if (message) expect(res.body.error).toMatch(message)
}

describe('scopes', () => {
  test('a read-only key reads and is refused every write, naming why, on dispatch and the read form', async () => {
    const reader = await root({ label: 'reader', read_only: true })
    expect(reader).toMatchObject({ read_only: true, scopes: null })
    expect((await call(reader.key, 'crm', 'list')).status).toBe(200)
    expect((await getWithKey(plane.server.app, reader.key, '/manage/crm/list')).status).toBe(200)
    expectRefusal(await call(reader.key, 'crm', 'create', { name: 'Not by a reader' }), 403, 'forbidden', /do not include crm\.create \(this key is read-only\)/)
    expect(await plane.server.db.svcCrmSlot.count({ where: { name: 'Not by a reader' } })).toBe(0)
  })

  test('a key scoped to a resource runs its operations only; the refusal names the missing scope', async () => {
    const leads = await root({ label: 'leads only', scopes: ['leads'] })
    expect(leads.scopes).toEqual(['leads'])
    expect((await call(leads.key, 'leads', 'list')).status).toBe(200)
    expectRefusal(await call(leads.key, 'crm', 'list'), 403, 'forbidden', /this key's scopes do not include crm\.list/)
    const op = await root({ label: 'one op', scopes: ['crm.list'] })
    expect((await call(op.key, 'crm', 'list')).status).toBe(200)
    expectRefusal(await call(op.key, 'crm', 'create', { name: 'x' }), 403, 'forbidden', /crm\.create/)
  })

  test('a capability scope covers the operations needing it, but not minting keys', async () => {
    const admin = await root({ label: 'capability', scopes: ['manage_options'] })
    expect((await call(admin.key, 'crm', 'list')).status).toBe(200)
    expectRefusal(await mintAs(admin.key, { label: 'child' }), 403, 'forbidden', /api_keys\.mint/)
  })

  test('unknown scope names are refused at mint, all named, and nothing is stored', async () => {
    const before = await plane.server.db.svcApiKey.count()
    const res = await mintRoot({ label: 'typo', scopes: ['leads', 'lead.lsit', 'nope'] })
    expectRefusal(res, 400, 'invalid_params', /lead\.lsit, nope/)
    expect(await plane.server.db.svcApiKey.count()).toBe(before)
  })

  test('the listing shows each key\'s scopes, read_only, approval and last use with its address', async () => {
    const key = await root({ label: 'listed', scopes: ['crm.list'], read_only: true, approval: 'destructive' })
    await call(key.key, 'crm', 'list')
    const listed = (await call(plane.admin.key, 'api_keys', 'list')).body.data.keys as Record<string, unknown>[]
    expect(listed.find(entry => entry.id === key.id)).toMatchObject({
      scopes: ['crm.list'], read_only: true, approval: 'destructive', last_used_at: expect.any(String), last_used_ip: expect.stringMatching(/127\.0\.0\.1|::1|::ffff/),
    })
  })
})

describe('expiry and lineage', () => {
  test('a new key expires at the site maximum by default; longer, or never, is refused', async () => {
    const key = await root({ label: 'default expiry' })
    expect(Date.parse(key.expires_at!) - Date.now()).toBeGreaterThan(89 * DAY_MS)
    expect(Date.parse(key.expires_at!) - Date.now()).toBeLessThanOrEqual(90 * DAY_MS)
    expectRefusal(await mintRoot({ label: 'too long', expires_in_days: 91 }), 400, 'invalid_params', /at most 90 days/)
    expectRefusal(await mintRoot({ label: 'forever', expires_in_days: null }), 400, 'invalid_params', /must expire/)
  })

  test('a child never outlives its parent: omitted, it ends with the parent; longer is refused', async () => {
    const parent = await root({ label: 'one day', expires_in_days: 1 })
    const child = await minted(parent.key, { label: 'child' })
    expect(child.expires_at).toBe(parent.expires_at)
    expectRefusal(await mintAs(parent.key, { label: 'longer', expires_in_days: 30 }), 400, 'invalid_params', /cannot outlive/)
  })

  test('a child\'s scopes never exceed its parent\'s, and a read-only or approval-gated parent passes that on', async () => {
    const parent = await root({ label: 'narrow parent', scopes: ['api_keys', 'crm.list'], read_only: true, approval: 'destructive' })
    expectRefusal(await mintAs(parent.key, { label: 'child of a reader' }), 403, 'forbidden', /api_keys\.mint \(this key is read-only\)/)
    const writer = await root({ label: 'minting parent', scopes: ['api_keys', 'crm.list'], approval: 'destructive' })
    const child = await minted(writer.key, { label: 'child', approval: 'none' })
    expect(child).toMatchObject({ scopes: ['api_keys', 'crm.list'], approval: 'destructive' })
    expectRefusal(await mintAs(writer.key, { label: 'wider', scopes: ['leads.list'] }), 403, 'forbidden', /leads\.list/)
    const reader = await minted(writer.key, { label: 'reader child', read_only: true })
    expect(reader.read_only).toBe(true)
  })

  test('a key mints at most maxChildren live keys', async () => {
    const parent = await root({ label: 'parent of three' })
    const children = [await minted(parent.key, { label: 'c1' }), await minted(parent.key, { label: 'c2' }), await minted(parent.key, { label: 'c3' })]
    expectRefusal(await mintAs(parent.key, { label: 'c4' }), 409, 'conflict', /at most 3/)
    await call(plane.admin.key, 'api_keys', 'revoke', { id: children[0]!.id }, true)
    await minted(parent.key, { label: 'c4 after a revocation' })
  })

  test('a key whose ancestor is revoked or expired is refused, however it got that way', async () => {
    const grandparent = await root({ label: 'grandparent' })
    const parent = await minted(grandparent.key, { label: 'parent' })
    const child = await minted(parent.key, { label: 'child' })
    expect((await call(child.key, 'crm', 'list')).status).toBe(200)
    // Straight to the row, as a revocation that missed the child would leave it.
    await plane.server.db.svcApiKey.update({ where: { publicId: grandparent.id }, data: { revokedAt: new Date() } })
    await new Promise(resolve => setTimeout(resolve, 1100))
    expectRefusal(await call(child.key, 'crm', 'list'), 401, 'unauthenticated')
    await plane.server.db.svcApiKey.update({ where: { publicId: grandparent.id }, data: { revokedAt: null, expiresAt: new Date(Date.now() - 1000) } })
    await new Promise(resolve => setTimeout(resolve, 1100))
    expectRefusal(await call(child.key, 'crm', 'list'), 401, 'unauthenticated', /expired/)
  })
})

describe('administrators and other accounts\' keys', () => {
  test('with a session an administrator lists every account\'s keys, or one account\'s, and revokes any', async () => {
    const editor = await plane.account('editor')
    const all = await asSession({ resource: 'api_keys', action: 'list', params: { owner: 'all' } })
    expect(all.status).toBe(200)
    const ids = (all.body.data.keys as { id: string }[]).map(key => key.id)
    expect(ids).toEqual(expect.arrayContaining([editor.keyId, plane.admin.keyId]))
    const one = await asSession({ resource: 'api_keys', action: 'list', params: { owner: editor.id } })
    expect((one.body.data.keys as { id: string, owner: string }[]).map(key => [key.id, key.owner])).toEqual([[editor.keyId, editor.id]])

    const revoked = await asSession({ resource: 'api_keys', action: 'revoke', params: { id: editor.keyId }, confirm: true })
    expect(revoked.body).toMatchObject({ ok: true, changed: true })
    expectRefusal(await call(editor.key, 'status', 'get'), 401, 'unauthenticated')
  })

  test('with an API key, other accounts\' keys can be neither listed nor revoked', async () => {
    const editor = await plane.account('editor')
    expectRefusal(await call(plane.admin.key, 'api_keys', 'list', { owner: 'all' }), 403, 'forbidden', /session/)
    expectRefusal(await call(plane.admin.key, 'api_keys', 'list', { owner: editor.id }), 403, 'forbidden')
    expectRefusal(await call(plane.admin.key, 'api_keys', 'revoke', { id: editor.keyId }, true), 404, 'not_found')
  })
})

describe('two instances racing a revocation against a mint', () => {
  let other: InProcessServer | undefined
  beforeAll(async () => { other = await startTestServer({ sharedWith: plane.server }) })
  afterAll(async () => { await other?.close() })

  test('a child minted on one instance while the parent is revoked on the other never works', async () => {
    for (let round = 0; round < 6; round++) {
      const parent = await root({ label: `raced parent ${round}` })
      const [revoke, mint] = await Promise.all([
        call(plane.admin.key, 'api_keys', 'revoke', { id: parent.id }, true),
        dispatcher(other!.app, parent.key)({ resource: 'api_keys', action: 'mint', params: { label: `raced child ${round}` } }),
      ])
      expect(revoke.body).toMatchObject({ ok: true })
      if (mint.body.ok) {
        const child = mint.body.data as Minted
        expect((await plane.server.db.svcApiKey.findUniqueOrThrow({ where: { publicId: child.id } })).revokedAt).not.toBeNull()
        for (const app of [plane.server.app, other!.app]) expectRefusal(await dispatcher(app, child.key)({ resource: 'status', action: 'get' }), 401, 'unauthenticated')
      } else {
        expectRefusal(mint, 401, 'unauthenticated')
      }
    }
  })
})

describe('what a scoped key is shown', () => {
  test('the manifest and the OpenAPI document list only the operations the key may call: its scopes\', and the reads of the jobs it starts', async () => {
    const reader = await root({ label: 'crm reader', scopes: ['crm'], read_only: true })
    const manifest = await getWithKey(plane.server.app, reader.key, '/manage/manifest')
    const names = (manifest.body.data.operations as { name: string }[]).map(operation => operation.name)
    expect(names).toContain('crm.list')
    expect(names).not.toContain('crm.create')
    expect(names.filter(name => !name.startsWith('crm.'))).toEqual(['jobs.get', 'jobs.list'])
    const document = await getWithKey(plane.server.app, reader.key, '/openapi.json')
    const paths = Object.keys(document.body.paths as Record<string, unknown>)
    expect(paths).toContain('/manage/crm/list')
    expect(paths).not.toContain('/manage/crm/create')
    expect(paths.filter(path => path.startsWith('/manage/leads/'))).toEqual([])
    const full = await getWithKey(plane.server.app, plane.admin.key, '/openapi.json')
    expect(Object.keys(full.body.paths as Record<string, unknown>)).toContain('/manage/crm/create')
  })
})
