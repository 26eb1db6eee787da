import { describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'

const plane = useTestServer()

const modules = (action: string, params: Record<string, unknown> = {}) => plane.dispatch({ resource: 'modules', action, params })

describe('modules', () => {
  test('list names every module, enabled by default, with its operations', async () => {
    const res = await modules('list')
    const byKey = Object.fromEntries(res.body.data.modules.map((m: { key: string }) => [m.key, m]))
    for (const key of ['crm', 'users', 'roles', 'content_sources', 'pipelines', 'leads', 'integrations', 'ai', 'variables']) {
      expect(byKey[key]).toMatchObject({ enabled: true, locked: false })
    }
    for (const key of ['status', 'modules', 'api_keys', 'audit']) expect(byKey[key]).toMatchObject({ enabled: true, locked: true })
    expect(byKey.crm.operations).toEqual(['crm.create', 'crm.delete', 'crm.get', 'crm.list', 'crm.set_secret', 'crm.update'])
  })

  test('a disabled module answers 409 module_disabled, keeps its data, and comes back when enabled', async () => {
    await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Kept' } })
    const disabled = await modules('disable', { module: 'crm' })
    expect(disabled.body).toMatchObject({ ok: true, changed: true, data: { key: 'crm', enabled: false } })

    const refused = await plane.dispatch({ resource: 'crm', action: 'list' })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ ok: false, code: 'module_disabled', details: { module: 'crm' } })
    expect((await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/get?crm_num=1')).body.code).toBe('module_disabled')
    const create = await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Refused' } })
    expect(create.status).toBe(409)
    expect(await plane.server.db.svcCrmSlot.count()).toBe(1)

    const enabled = await modules('enable', { module: 'crm' })
    expect(enabled.body).toMatchObject({ changed: true, data: { enabled: true } })
    const list = await plane.dispatch({ resource: 'crm', action: 'list' })
    expect(list.body.data.crms.map((c: { name: string }) => c.name)).toEqual(['Kept'])
  })

  test('disable and enable are idempotent: changed is false when already so', async () => {
    await modules('disable', { module: 'ai' })
    const again = await modules('disable', { module: 'ai' })
    expect(again.body).toMatchObject({ ok: true, changed: false, data: { enabled: false } })
    await modules('enable', { module: 'ai' })
    expect((await modules('enable', { module: 'ai' })).body.changed).toBe(false)
  })

  test('the manifest marks a disabled module\'s operations enabled: false', async () => {
    await modules('disable', { module: 'crm' })
    const manifest = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data.operations
    const enabledOf = (name: string) => manifest.find((op: { name: string }) => op.name === name).enabled
    expect(enabledOf('crm.create')).toBe(false)
    expect(enabledOf('audit.list')).toBe(true)
    await modules('enable', { module: 'crm' })
    const after = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data.operations
    expect(after.find((op: { name: string }) => op.name === 'crm.create').enabled).toBe(true)
  })

  test.each(['status', 'modules', 'api_keys', 'audit'])('%s cannot be disabled (409 conflict)', async module => {
    const res = await modules('disable', { module })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('conflict')
    expect(await plane.server.db.svcModuleState.count({ where: { key: module } })).toBe(0)
  })

  test('an unknown module is 404 not_found naming the known ones', async () => {
    const res = await modules('disable', { module: 'teleport' })
    expect(res.status).toBe(404)
    expect(res.body.error).toContain('content_sources')
  })
})

describe('public endpoints of a disabled module', () => {
  test('the lead form answers 409 module_disabled and stores nothing', async () => {
    await modules('disable', { module: 'leads' })
    const res = await request(plane.server.app).post('/api/svc/v1/public/leads').send({ name: 'Ada', email: 'ada@example.com' })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('module_disabled')
    expect(await plane.server.db.svcLead.count()).toBe(0)
    await modules('enable', { module: 'leads' })
    const ok = await request(plane.server.app).post('/api/svc/v1/public/leads').send({ name: 'Ada', email: 'ada@example.com' })
    expect(ok.status).toBe(200)
  })
})

describe('the content-source webhook of a disabled module', () => {
  test('answers 409 module_disabled and stores nothing', async () => {
    const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Docs', auth_mode: 'none' } })
    const slug = created.body.data.slug
    await modules('disable', { module: 'content_sources' })
    const res = await request(plane.server.app).post(`/api/svc/v1/ingest/${slug}`).send({ title: 'Hello', body: '<p>x</p>' })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('module_disabled')
    expect(await plane.server.db.svcContentDelivery.count()).toBe(0)
    await modules('enable', { module: 'content_sources' })
    expect((await request(plane.server.app).post(`/api/svc/v1/ingest/${slug}`).send({ title: 'Hello', body: '<p>x</p>' })).status).toBe(202)
  })
})
