import { beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'

const SITE = 'https://team.example.com'

const plane = useTestServer({ http: { siteUrl: SITE } })
const users = plane.caller('users')
const roles = plane.caller('roles')

/** Every writable field set to a non-default value. */
const EVERY_FIELD = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada King, Countess of Lovelace',
  nickname: 'Enchantress of Numbers',
  company_name: 'Analytical Engines Ltd',
  phone_number: '+44 20 7946 0000',
  phone_map_pref: 'mobile',
  email: 'ada@example.com',
  email_alternate: 'ada.alt@example.com',
  email_personal: 'ada.home@example.org',
  link_profile_pic: 'https://cdn.example.com/ada.jpg',
  link_profile_pic_attachment_id: 4711,
  model_photo_ids: [12, 13, 14],
  model_photo_exclude_profile: '1',
  model_consent_granted: '1',
  notify_reminders: '',
  notify_replies: '',
}

/** What a freshly created member holds in every field it can be given. */
const BLANK_FIELDS = {
  first_name: '',
  last_name: '',
  full_name: '',
  nickname: '',
  company_name: '',
  phone_number: '',
  phone_map_pref: '',
  email: '',
  email_alternate: '',
  email_personal: '',
  link_profile_pic: '',
  link_profile_pic_attachment_id: null,
  model_photo_ids: [],
  model_photo_exclude_profile: '',
  model_consent_granted: '',
  notify_reminders: '1',
  notify_replies: '1',
  account_id: null,
  roles: [],
}

/** Each test starts with every slot free; those that need one create Grace in slot 001. */
beforeEach(async () => { await plane.server.db.svcTeamMember.deleteMany() })
const grace = () => users('create', { first_name: 'Grace', email: 'grace@example.com' })

const withoutTimestamps = ({ created_at, updated_at, ...rest }: Record<string, unknown>) => rest

describe('users', () => {
  test('create fills the lowest free slot with a blank record plus the fields given', async () => {
    const res = await users('create', { first_name: 'Grace', email: 'grace@example.com' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true, error: null })
    expect(res.body.data).toEqual({
      ...BLANK_FIELDS,
      user_num: '001',
      first_name: 'Grace',
      email: 'grace@example.com',
      personal_page_url: `${SITE}/team/001`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  test('get accepts padded and unpadded slot numbers', async () => {
    await grace()
    for (const user_num of ['1', '01', '001']) {
      const res = await users('get', { user_num })
      expect(res.body.data).toMatchObject({ user_num: '001', first_name: 'Grace' })
    }
  })

  test('update changes only the given fields, "" clears, and a repeat reports changed: false', async () => {
    await grace()
    const res = await users('update', { user_num: '1', last_name: 'Hopper', company_name: 'US Navy', first_name: '  Grace  ' })
    expect(res.body.changed).toBe(true)
    expect(res.body.data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', company_name: 'US Navy', email: 'grace@example.com' })
    const again = await users('update', { user_num: '001', last_name: 'Hopper' })
    expect(again.body.changed).toBe(false)
    const cleared = await users('update', { user_num: '001', company_name: '', email: null })
    expect(cleared.body.data).toMatchObject({ company_name: '', email: '', last_name: 'Hopper' })
  })

  test('notify flags that were never set read as "1"; "" turns them off', async () => {
    await grace()
    const fresh = await users('get', { user_num: '1' })
    expect(fresh.body.data).toMatchObject({ notify_reminders: '1', notify_replies: '1' })
    const off = await users('update', { user_num: '1', notify_replies: '' })
    expect(off.body.data).toMatchObject({ notify_reminders: '1', notify_replies: '' })
  })

  test('the attachment id is accepted as digits or a number and returned as a number', async () => {
    await grace()
    const asText = await users('update', { user_num: '1', link_profile_pic_attachment_id: '123' })
    expect(asText.body.data.link_profile_pic_attachment_id).toBe(123)
    const asNumber = await users('update', { user_num: '1', link_profile_pic_attachment_id: 456 })
    expect(asNumber.body.data.link_profile_pic_attachment_id).toBe(456)
    const cleared = await users('update', { user_num: '1', link_profile_pic_attachment_id: '' })
    expect(cleared.body.data.link_profile_pic_attachment_id).toBeNull()
  })

  test.each([
    ['create', { email: 'not-an-email' }],
    ['create', { email_alternate: 'a@' }],
    ['create', { email_personal: 42 }],
    ['create', { link_profile_pic: 'not a url' }],
    ['create', { link_profile_pic: 'javascript:alert(1)' }],
    ['create', { link_profile_pic_attachment_id: '12a' }],
    ['create', { link_profile_pic_attachment_id: '-1' }],
    ['create', { link_profile_pic_attachment_id: 0 }],
    ['create', { link_profile_pic_attachment_id: 1.5 }],
    ['create', { model_photo_ids: [0] }],
    ['create', { model_photo_ids: ['1'] }],
    ['create', { model_photo_ids: [1.5] }],
    ['create', { model_photo_ids: { a: 1 } }],
    ['create', { model_consent_granted: 'yes' }],
    ['create', { model_photo_exclude_profile: '0' }],
    ['create', { notify_reminders: true }],
    ['create', { notify_replies: 1 }],
    ['create', { first_name: 'x'.repeat(101) }],
    ['create', { full_name: 'Ada\r\nBcc: victim@example.com' }],
    ['create', { frist_name: 'typo' }],
    ['create', { account_id: 'abc' }],
    ['create', { user_num: '5' }],
    ['get', { user_num: '0' }],
    ['get', { user_num: '1000' }],
    ['get', { user_num: 'abc' }],
    ['get', { user_num: 1 }],
    ['get', {}],
    ['update', { user_num: '1', created_at: '2020-01-01' }],
    ['update', { user_num: '1', personal_page_url: 'https://evil.example.com' }],
    ['link_account', { user_num: '1' }],
    ['link_account', { user_num: '1', account_id: '' }],
  ])('%s with bad params %j is 400 invalid_params and changes nothing', async (action, params) => {
    await grace()
    const before = await plane.server.db.svcTeamMember.findMany({ orderBy: { slot: 'asc' } })
    const res = await users(action, params)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, changed: false, code: 'invalid_params' })
    expect(res.body.details.issues.length).toBeGreaterThan(0)
    expect(await plane.server.db.svcTeamMember.findMany({ orderBy: { slot: 'asc' } })).toEqual(before)
  })

  test('delete needs confirm, frees the slot, and list then returns active records only', async () => {
    await grace()
    await users('create', { first_name: 'Second' })
    await users('create', { first_name: 'Third' })
    const refused = await users('delete', { user_num: '2' })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('confirm_required')
    const deleted = await users('delete', { user_num: '2' }, true)
    expect(deleted.body).toMatchObject({ ok: true, changed: true, data: { user_num: '002', deleted: true } })
    const list = await users('list')
    expect(list.body.data.users.map((u: { user_num: string }) => u.user_num)).toEqual(['001', '003'])
    expect(list.body.data.users[1]).toMatchObject({ first_name: 'Third', personal_page_url: `${SITE}/team/003` })
  })

  test.each([
    ['get', { user_num: '2' }],
    ['update', { user_num: '2', first_name: 'x' }],
    ['link_account', { user_num: '2', account_id: 'x' }],
    ['unlink_account', { user_num: '2' }],
    ['send_welcome_email', { user_num: '2', confirm: true }],
    ['delete', { user_num: '2', confirm: true }],
  ])('%s of a free slot is 404 not_found', async (action, params) => {
    const res = await users(action, params)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'not_found' })
  })

  test('link_account links an existing host account, unlink_account removes the link; repeats change nothing', async () => {
    await grace()
    const unknown = await users('link_account', { user_num: '1', account_id: 'clnotanaccount000000000000' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('not_found')
    const linked = await users('link_account', { user_num: '1', account_id: plane.admin.id })
    expect(linked.body).toMatchObject({ ok: true, changed: true, data: { user_num: '001', account_id: plane.admin.id } })
    expect((await users('link_account', { user_num: '001', account_id: plane.admin.id })).body.changed).toBe(false)
    expect((await users('get', { user_num: '1' })).body.data.account_id).toBe(plane.admin.id)
    const unlinked = await users('unlink_account', { user_num: '1' })
    expect(unlinked.body).toMatchObject({ changed: true, data: { account_id: null } })
    expect((await users('unlink_account', { user_num: '1' })).body.changed).toBe(false)
  })

  test('a reused slot starts fully blank: no field, account link or role of the previous occupant', async () => {
    await grace()
    const filled = await users('create', EVERY_FIELD)
    const slot = filled.body.data.user_num
    expect(slot).toBe('002')
    await users('link_account', { user_num: slot, account_id: plane.admin.id })
    await roles('assign', { slug: 'editor', user_num: slot })
    const before = await users('get', { user_num: slot })
    expect(before.body.data).toMatchObject({ ...EVERY_FIELD, account_id: plane.admin.id, roles: ['editor'] })

    await users('delete', { user_num: slot }, true)
    const reused = await users('create', {})
    expect(reused.body.data.user_num).toBe(slot)
    expect(withoutTimestamps(reused.body.data)).toEqual({ ...BLANK_FIELDS, user_num: slot, personal_page_url: `${SITE}/team/${slot}` })
    const elsewhere = await users('create', {})
    expect(withoutTimestamps(elsewhere.body.data)).toEqual({ ...withoutTimestamps(reused.body.data), user_num: elsewhere.body.data.user_num, personal_page_url: elsewhere.body.data.personal_page_url })
    const editor = (await roles('list')).body.data.roles.find((role: { slug: string }) => role.slug === 'editor')
    expect(editor.assigned_users).not.toContain(slot)
    const [joinRows] = await plane.server.db.$queryRawUnsafe<[{ n: bigint | number }]>('SELECT COUNT(*) AS n FROM "_SvcRole_members"')
    expect(Number(joinRows.n)).toBe(0)
  })

  test('30 parallel creates get 30 distinct slots', async () => {
    const existing = (await plane.server.db.svcTeamMember.findMany({ select: { slot: true } })).map(row => row.slot)
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => users('create', { nickname: `parallel ${i}` })))
    expect(responses.map(res => res.status)).toEqual(responses.map(() => 200))
    const slots = responses.map(res => Number(res.body.data.user_num))
    expect(new Set(slots).size).toBe(30)
    for (const slot of slots) expect(existing).not.toContain(slot)
    expect(Math.max(...slots)).toBe(existing.length + 30)
  })

  test('create when all 999 slots are taken is a 409 conflict that writes nothing', async () => {
    const taken = new Set((await plane.server.db.svcTeamMember.findMany({ select: { slot: true } })).map(row => row.slot))
    const free = Array.from({ length: 999 }, (_, i) => i + 1).filter(slot => !taken.has(slot))
    const last = free.pop()!
    await plane.server.db.svcTeamMember.createMany({ data: free.map(slot => ({ slot })) })
    expect((await users('create', { first_name: 'Last' })).body.data.user_num).toBe(String(last).padStart(3, '0'))
    const res = await users('create', { first_name: 'One too many' })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'conflict' })
    expect(await plane.server.db.svcTeamMember.count()).toBe(999)
  })

  test('every call is audited with its operation name', async () => {
    const { user_num } = (await grace()).body.data
    await users('get', { user_num })
    await users('list')
    await users('update', { user_num, nickname: 'Amazing' })
    await users('link_account', { user_num, account_id: plane.admin.id })
    await users('unlink_account', { user_num })
    await users('delete', { user_num }, true)
    await users('get', { user_num })
    const entries = await plane.server.db.svcAuditEntry.findMany({ where: { operation: { startsWith: 'users.' } }, select: { operation: true, ok: true } })
    const operations = new Set(entries.map(entry => entry.operation))
    for (const name of ['users.create', 'users.get', 'users.list', 'users.update', 'users.delete', 'users.link_account', 'users.unlink_account']) {
      expect(operations).toContain(name)
    }
    expect(entries.some(entry => !entry.ok)).toBe(true)
  })
})
