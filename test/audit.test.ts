import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'

const SECRET = 'audit-must-never-store-this-9f8e7d'

const plane = useTestServer()
beforeAll(async () => {
  await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Audited' } })
  await plane.dispatch({ resource: 'crm', action: 'set_secret', params: { crm_num: '1', api_key: SECRET } })
  await plane.dispatch({ resource: 'crm', action: 'delete', params: { crm_num: '1' } })
  await plane.dispatch({ resource: 'crm', action: 'get', params: { crm_num: '5' } })
})

const audit = async (params: Record<string, unknown> = {}) =>
  (await plane.dispatch({ resource: 'audit', action: 'list', params })).body.data

type Item = { operation: string, duration_ms: number }

/** The entries of the four CRM calls made before the tests; reading the log is audited too. */
const crmCalls = (items: Item[]) => items.filter(item => item.operation.startsWith('crm.'))

describe('audit log', () => {
  test('records every dispatch, newest first, with actor, mode, key and outcome', async () => {
    const items = crmCalls((await audit({ per_page: 100 })).items)
    expect(items.map(item => item.operation)).toEqual(['crm.get', 'crm.delete', 'crm.set_secret', 'crm.create'])
    expect(items[0]).toMatchObject({ ok: false, changed: false, code: 'not_found', actor_email: plane.admin.email, mode: 'api_key', key_id: plane.admin.keyId })
    expect(items[1]).toMatchObject({ ok: false, code: 'confirm_required' })
    expect(items[3]).toMatchObject({ ok: true, changed: true, code: null, params: { name: 'Audited' } })
    expect(items[3]!.duration_ms).toBeGreaterThanOrEqual(0)
  })

  test('redacts secret params', async () => {
    const { items } = await audit({ operation: 'crm.set_secret' })
    expect(items).toHaveLength(1)
    expect(items[0].params).toEqual({ crm_num: '1', api_key: '[redacted]' })
    const rows = await plane.server.db.svcAuditEntry.findMany()
    expect(JSON.stringify(rows)).not.toContain(SECRET)
  })

  test('filters by outcome and time, and pages', async () => {
    expect(crmCalls((await audit({ ok: false, per_page: 100 })).items).map(item => item.operation)).toEqual(['crm.get', 'crm.delete'])
    expect((await audit({ since: '2999-01-01' })).total).toBe(0)
    expect((await audit({ since: new Date(Date.now() - 60_000).toISOString() })).total).toBeGreaterThanOrEqual(4)
    const page = await audit({ per_page: 2, page: 2 })
    expect(page).toMatchObject({ page: 2, per_page: 2 })
    expect(page.items).toHaveLength(2)
  })

  test('records the door each call came in through: dispatch, or the GET read form', async () => {
    await audit()
    await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/list')
    const { items } = await audit({ per_page: 2 })
    expect(items[0]).toMatchObject({ operation: 'crm.list', channel: 'read_form', tool: null })
    expect(items[1]).toMatchObject({ operation: 'audit.list', channel: 'dispatch', tool: null })
    expect((await audit({ channel: 'read_form' })).items.map((item: { operation: string }) => item.operation)).toEqual(['crm.list'])
  })

  test('rejects a malformed since', async () => {
    const res = await plane.dispatch({ resource: 'audit', action: 'list', params: { since: 'yesterday' } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_params')
  })
})
