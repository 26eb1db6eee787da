import { beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { seenBodies } from './support/client.ts'
import { crm as crmResource } from '../packages/control-plane/src/resources/crm/index.ts'
import { readCrmList } from '../packages/control-plane/src/resources/crm/read-list.ts'

const plane = useTestServer({ builtins: [crmResource({ maxSystems: 3 })] })
const crm = plane.caller('crm')
const API_KEY_PLAINTEXT = 'crm-secret-Plaintext-0xDEADBEEF'

/** Fills slots 1… with these names, in order. */
async function given (...names: string[]) {
  for (const name of names) await crm('create', { name })
}

// Every test starts from empty slots and a zero high-water mark.
beforeEach(async () => {
  await plane.server.db.svcCrmSlot.deleteMany()
  await plane.server.db.svcCounter.deleteMany()
})

describe('crm', () => {
  test('create fills the lowest free slot and returns the padded record', async () => {
    const res = await crm('create', { name: 'Pipedrive', url: 'https://crm.example.com', link_admin_only: true })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ok: true,
      changed: true,
      error: null,
      data: { crm_num: '001', name: 'Pipedrive', code: 'crm_001', url: 'https://crm.example.com', link_admin_only: true, key_set: false },
    })
  })

  test('get accepts padded and unpadded slot numbers', async () => {
    await given('Pipedrive')
    for (const crm_num of ['1', '01', '001']) {
      const res = await crm('get', { crm_num })
      expect(res.body.data.crm_num).toBe('001')
    }
  })

  test('update changes only the given fields and reports changed', async () => {
    await crm('create', { name: 'Pipedrive', url: 'https://crm.example.com', link_admin_only: true })
    const res = await crm('update', { crm_num: '1', name: 'Pipedrive EU' })
    expect(res.body.data).toMatchObject({ name: 'Pipedrive EU', url: 'https://crm.example.com', link_admin_only: true })
    expect(res.body.changed).toBe(true)
    const again = await crm('update', { crm_num: '1', name: 'Pipedrive EU' })
    expect(again.body.changed).toBe(false)
    const cleared = await crm('update', { crm_num: '001', url: '' })
    expect(cleared.body.data.url).toBeNull()
  })

  test('set_secret stores the key encrypted and returns only key_set', async () => {
    await given('Pipedrive')
    const res = await crm('set_secret', { crm_num: '001', api_key: API_KEY_PLAINTEXT })
    expect(res.body.data).toEqual({ crm_num: '001', key_set: true })
    const row = await plane.server.db.svcCrmSlot.findUnique({ where: { slot: 1 } })
    expect(row?.apiKeyCiphertext).toMatch(/^v2:/)
    expect(row?.apiKeyCiphertext).not.toContain(API_KEY_PLAINTEXT)
  })

  test('list is gap-aware and carries the crm_count high-water mark', async () => {
    await given('Pipedrive', 'HubSpot', 'Salesforce')
    const deleted = await crm('delete', { crm_num: '2' }, true)
    expect(deleted.body).toMatchObject({ ok: true, changed: true, data: { crm_num: '002', deleted: true } })
    const res = await crm('list')
    expect(res.body.data.crms.map((c: { crm_num: string }) => c.crm_num)).toEqual(['001', '003'])
    expect(res.body.data.crm_count).toBe(3)
    for (const record of res.body.data.crms) expect(Object.keys(record).sort()).toEqual(['code', 'crm_num', 'key_set', 'link_admin_only', 'name', 'url'])
  })

  test('a reused slot starts blank: delete clears the fields and the secret', async () => {
    await given('Pipedrive', 'HubSpot', 'Salesforce')
    await crm('delete', { crm_num: '2' }, true)
    await crm('set_secret', { crm_num: '003', api_key: API_KEY_PLAINTEXT })
    await crm('delete', { crm_num: '003' }, true)
    expect(await plane.server.db.svcCrmSlot.findUnique({ where: { slot: 3 } })).toBeNull()
    const reused = await crm('create', { name: 'Fresh' })
    expect(reused.body.data).toEqual({ crm_num: '002', name: 'Fresh', code: 'crm_002', url: null, link_admin_only: false, key_set: false })
  })

  test('list with every slot freed still carries crm_count', async () => {
    await given('Pipedrive', 'HubSpot')
    await crm('delete', { crm_num: '1' }, true)
    await crm('delete', { crm_num: '2' }, true)
    const res = await crm('list')
    expect(res.body.data).toEqual({ crms: [], crm_count: 2 })
  })

  test('list before any slot was ever used answers crm_count 0', async () => {
    const res = await crm('list')
    expect(res.body.data).toEqual({ crms: [], crm_count: 0 })
  })

  test('list reports key_set per slot and the same slots on the driver adapter as through the Prisma client', async () => {
    await given('Pipedrive', 'HubSpot', 'Salesforce')
    await crm('update', { crm_num: '2', link_admin_only: true, url: 'https://hubspot.example.com' })
    await crm('set_secret', { crm_num: '3', api_key: API_KEY_PLAINTEXT })
    const res = await crm('list')
    expect(res.body.data.crms.map((c: { crm_num: string, key_set: boolean, link_admin_only: boolean }) => [c.crm_num, c.key_set, c.link_admin_only]))
      .toEqual([['001', false, false], ['002', false, true], ['003', true, false]])

    const { db, runtime: { options } } = plane.server
    expect(options.hostAdapter?.current).toBeDefined()
    const onAdapter = await readCrmList({ db, adapter: options.hostAdapter, provider: options.databaseProvider })
    const throughClient = await readCrmList({ db, adapter: null, provider: options.databaseProvider })
    expect(throughClient).toEqual(onAdapter)
    expect(onAdapter).toEqual({
      crmCount: 3,
      slots: [
        { slot: 1, name: 'Pipedrive', url: null, linkAdminOnly: false, keySet: false },
        { slot: 2, name: 'HubSpot', url: 'https://hubspot.example.com', linkAdminOnly: true, keySet: false },
        { slot: 3, name: 'Salesforce', url: null, linkAdminOnly: false, keySet: true },
      ],
    })
  })

  test('concurrent creates fill distinct slots and leave crm_count at the highest', async () => {
    const created = await Promise.all(['A', 'B', 'C'].map(name => crm('create', { name })))
    expect(created.map(res => res.status)).toEqual([200, 200, 200])
    expect(created.map(res => res.body.data.crm_num).sort()).toEqual(['001', '002', '003'])
    expect((await crm('list')).body.data.crm_count).toBe(3)
    await crm('delete', { crm_num: '1' }, true)
    await crm('create', { name: 'D' })
    expect(await plane.server.db.svcCounter.findMany({ select: { key: true, value: true } })).toEqual([{ key: 'crm_count', value: 3 }])
  })

  test('crm_count does not go down on delete', async () => {
    await given('Pipedrive', 'HubSpot', 'Salesforce')
    await crm('delete', { crm_num: '3' }, true)
    const res = await crm('list')
    expect(res.body.data.crm_count).toBe(3)
  })

  test('create when every slot is taken is a 409 conflict that writes nothing', async () => {
    await given('Pipedrive', 'HubSpot', 'Salesforce')
    const before = await plane.server.db.svcCrmSlot.count()
    const res = await crm('create', { name: 'One too many' })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ ok: false, data: null, changed: false, code: 'conflict' })
    expect(await plane.server.db.svcCrmSlot.count()).toBe(before)
  })

  test('delete without confirm is refused and deletes nothing', async () => {
    await given('Pipedrive')
    const res = await crm('delete', { crm_num: '001' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('confirm_required')
    expect(await plane.server.db.svcCrmSlot.findUnique({ where: { slot: 1 } })).not.toBeNull()
    const falseConfirm = await crm('delete', { crm_num: '001', confirm: false })
    expect(falseConfirm.body.code).toBe('confirm_required')
  })

  test('confirm inside params counts as well as at the top level', async () => {
    await given('Pipedrive', 'HubSpot', 'Salesforce')
    await crm('delete', { crm_num: '003', confirm: true })
    expect(await plane.server.db.svcCrmSlot.findUnique({ where: { slot: 3 } })).toBeNull()
  })

  test.each([
    ['get', { crm_num: '003' }],
    ['update', { crm_num: '003', name: 'x' }],
    ['set_secret', { crm_num: '003', api_key: 'k' }],
  ])('%s of an empty slot is 404 not_found', async (action, params) => {
    const res = await crm(action, params)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'not_found' })
  })

  test('delete of an empty slot is 404 not_found', async () => {
    const res = await crm('delete', { crm_num: '003' }, true)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })

  test.each([
    ['create', {}],
    ['create', { name: '' }],
    ['create', { name: 'x', url: 'not a url' }],
    ['create', { name: 'x', url: 'ftp://example.com' }],
    ['create', { name: 'x', link_admin_only: 'yes' }],
    ['create', { name: 'x', nmae: 'typo' }],
    ['get', { crm_num: '0' }],
    ['get', { crm_num: '1000' }],
    ['get', { crm_num: 'abc' }],
    ['get', { crm_num: 1 }],
    ['get', {}],
    ['set_secret', { crm_num: '1' }],
    ['update', { crm_num: '1', code: 'crm_999' }],
  ])('%s with bad params %j is 400 invalid_params and changes nothing', async (action, params) => {
    await given('Pipedrive')
    const before = await plane.server.db.svcCrmSlot.findMany({ orderBy: { slot: 'asc' } })
    const res = await crm(action, params)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, changed: false, code: 'invalid_params' })
    expect(res.body.details.issues.length).toBeGreaterThan(0)
    expect(await plane.server.db.svcCrmSlot.findMany({ orderBy: { slot: 'asc' } })).toEqual(before)
  })

  test('no response body ever shows a CRM api_key plaintext', async () => {
    await given('Pipedrive')
    const before = seenBodies.length
    await crm('set_secret', { crm_num: '1', api_key: API_KEY_PLAINTEXT })
    await crm('get', { crm_num: '1' })
    await crm('list')
    await crm('update', { crm_num: '1', name: 'Renamed' })
    await crm('delete', { crm_num: '1' }, true)
    expect(seenBodies.length - before).toBe(5)
    for (const body of seenBodies) expect(body).not.toContain(API_KEY_PLAINTEXT)
  })
})
