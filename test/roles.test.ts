import { beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { ensureSystemRoles } from '../packages/control-plane/src/resources/roles/system-roles.ts'

const plane = useTestServer()
const users = plane.caller('users')
const roles = plane.caller('roles')

/** Every test starts with the system roles alone, none assigned, and team members in slots 1–8. */
beforeEach(async () => {
  await plane.server.db.svcTeamMember.deleteMany()
  await plane.server.db.svcRole.deleteMany({ where: { system: false } })
  await ensureSystemRoles(plane.server.db)
  for (let i = 0; i < 8; i++) await users('create', { nickname: `member ${i + 1}` })
})

/** A custom role limited to `max` members (unlimited with null), holding the given slots. */
async function sectionLead (members: string[], max: number | null = 2) {
  await roles('create', { name: 'Section Lead', ...(max === null ? {} : { constraint_type: 'max', max_count: max }) })
  for (const user_num of members) await roles('assign', { slug: 'section-lead', user_num })
}

type Role = { slug: string, name: string, system: boolean, constraint_type: string, max_count: number | null, assigned_users: string[] }

const listRoles = async (): Promise<Role[]> => (await roles('list')).body.data.roles
const roleOf = async (slug: string) => (await listRoles()).find(role => role.slug === slug)
const roleRows = () => plane.server.db.svcRole.findMany({ orderBy: { slug: 'asc' } })
const joinRowCount = async () => {
  const [row] = await plane.server.db.$queryRawUnsafe<[{ n: bigint | number }]>('SELECT COUNT(*) AS n FROM "_SvcRole_members"')
  return Number(row.n)
}

describe('system roles', () => {
  test('are seeded at startup and listed first with system: true', async () => {
    expect(await plane.server.db.svcRole.count({ where: { system: true } })).toBe(4)
    const list = await listRoles()
    expect(list.slice(0, 4).map(role => role.slug).sort()).toEqual(['editor', 'owner', 'reviewer', 'writer'])
    for (const role of list.slice(0, 4)) expect(role).toMatchObject({ system: true, constraint_type: 'none', max_count: null, assigned_users: [] })
  })

  test('seeding again, even many times at once, creates no duplicates', async () => {
    await plane.server.db.svcRole.deleteMany({ where: { slug: 'reviewer' } })
    await Promise.all(Array.from({ length: 6 }, () => ensureSystemRoles(plane.server.db)))
    const slugs = (await plane.server.db.svcRole.findMany({ where: { system: true }, select: { slug: true } })).map(row => row.slug).sort()
    expect(slugs).toEqual(['editor', 'owner', 'reviewer', 'writer'])
  })

  test('cannot be updated or deleted (409), and stay unchanged', async () => {
    const before = await roleRows()
    const update = await roles('update', { slug: 'owner', name: 'Boss' })
    expect(update.status).toBe(409)
    expect(update.body.code).toBe('conflict')
    const remove = await roles('delete', { slug: 'editor' }, true)
    expect(remove.status).toBe(409)
    expect(remove.body).toMatchObject({ ok: false, code: 'conflict', error: expect.stringContaining('system role') })
    expect(await roleRows()).toEqual(before)
  })
})

describe('custom roles', () => {
  test('create generates the slug from the name and returns {slug, role}', async () => {
    const res = await roles('create', { name: 'Copy Editor', description: 'Fixes prose', icon: '✏️', color: '#FFAA00' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true })
    expect(res.body.data).toEqual({
      slug: 'copy-editor',
      role: {
        slug: 'copy-editor',
        name: 'Copy Editor',
        description: 'Fixes prose',
        icon: '✏️',
        color: '#ffaa00',
        constraint_type: 'none',
        max_count: null,
        system: false,
        assigned_users: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    })
  })

  test('a taken slug gets a number: a second "Copy Editor" and a custom "Owner"', async () => {
    await roles('create', { name: 'Copy Editor' })
    expect((await roles('create', { name: 'Copy editor' })).body.data.slug).toBe('copy-editor-2')
    expect((await roles('create', { name: 'Owner' })).body.data.slug).toBe('owner-2')
    expect((await roles('create', { name: 'Fotograf für Ärzte' })).body.data.slug).toBe('fotograf-fur-arzte')
    expect((await roles('create', { name: '!!!' })).body.data.slug).toBe('role')
  })

  test('parallel creates with one name get distinct slugs', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => roles('create', { name: 'Fact Checker' })))
    expect(responses.map(res => res.status)).toEqual([200, 200, 200, 200, 200])
    expect(responses.map(res => res.body.data.slug).sort()).toEqual(['fact-checker', 'fact-checker-2', 'fact-checker-3', 'fact-checker-4', 'fact-checker-5'])
  })

  test('list carries system and custom roles', async () => {
    for (const name of ['Copy Editor', 'Copy editor', 'Owner']) await roles('create', { name })
    const list = await listRoles()
    expect(list.filter(role => role.system)).toHaveLength(4)
    expect(list.filter(role => !role.system).map(role => role.slug)).toEqual(expect.arrayContaining(['copy-editor', 'copy-editor-2', 'owner-2']))
    expect(list.findIndex(role => !role.system)).toBe(4)
  })

  test.each([
    [{}],
    [{ name: '' }],
    [{ name: 'Lead', constraint_type: 'max' }],
    [{ name: 'Lead', constraint_type: 'none', max_count: 2 }],
    [{ name: 'Lead', max_count: 2 }],
    [{ name: 'Lead', constraint_type: 'max', max_count: 0 }],
    [{ name: 'Lead', constraint_type: 'max', max_count: 1.5 }],
    [{ name: 'Lead', constraint_type: 'min' }],
    [{ name: 'Lead', color: 'red' }],
    [{ name: 'Lead', slug: 'lead' }],
  ])('create with %j is 400 invalid_params and creates nothing', async params => {
    const before = await roleRows()
    const res = await roles('create', params)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_params')
    expect(await roleRows()).toEqual(before)
  })

  test('update changes the given fields, never the slug; a repeat reports changed: false', async () => {
    await roles('create', { name: 'Copy Editor', description: 'Fixes prose', color: '#FFAA00' })
    const res = await roles('update', { slug: 'copy-editor', name: 'Chief Copy Editor', color: '' })
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { slug: 'copy-editor', role: { name: 'Chief Copy Editor', color: '', description: 'Fixes prose' } } })
    const again = await roles('update', { slug: 'copy-editor', name: 'Chief Copy Editor' })
    expect(again.body.changed).toBe(false)
    expect((await roles('update', { slug: 'copy-editor', new_slug: 'x' })).body.code).toBe('invalid_params')
  })

  test.each([
    [{ slug: 'copy-editor', constraint_type: 'max' }],
    [{ slug: 'copy-editor', max_count: 3 }],
    [{ slug: 'Copy Editor', name: 'x' }],
  ])('update with %j is 400 invalid_params', async params => {
    await roles('create', { name: 'Copy Editor' })
    const res = await roles('update', params)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_params')
  })

  test.each([
    ['update', { slug: 'no-such-role', name: 'x' }],
    ['delete', { slug: 'no-such-role', confirm: true }],
    ['assign', { slug: 'no-such-role', user_num: '1' }],
    ['unassign', { slug: 'no-such-role', user_num: '1' }],
  ])('%s of an unknown role is 404 not_found', async (action, params) => {
    const res = await roles(action, params)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })
})

describe('assignments', () => {
  test('assign takes a slot number in any form and lists members as padded slot numbers', async () => {
    const first = await roles('assign', { slug: 'writer', user_num: '3' })
    expect(first.body).toMatchObject({ ok: true, changed: true, data: { slug: 'writer', assigned_users: ['003'] } })
    const second = await roles('assign', { slug: 'writer', user_num: '001' })
    expect(second.body.data.assigned_users).toEqual(['001', '003'])
    expect((await roleOf('writer'))!.assigned_users).toEqual(['001', '003'])
    expect((await users('get', { user_num: '3' })).body.data.roles).toEqual(['writer'])
  })

  test('assigning twice is idempotent: changed: false', async () => {
    await roles('assign', { slug: 'writer', user_num: '1' })
    await roles('assign', { slug: 'writer', user_num: '3' })
    const res = await roles('assign', { slug: 'writer', user_num: '03' })
    expect(res.body).toMatchObject({ ok: true, changed: false, data: { assigned_users: ['001', '003'] } })
  })

  test('assigning a free slot is 404 not_found', async () => {
    await users('delete', { user_num: '8' }, true)
    const res = await roles('assign', { slug: 'writer', user_num: '8' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
    expect((await roles('unassign', { slug: 'writer', user_num: '8' })).status).toBe(404)
  })

  test('unassign removes the member; a repeat changes nothing', async () => {
    await roles('assign', { slug: 'writer', user_num: '1' })
    await roles('assign', { slug: 'writer', user_num: '3' })
    const res = await roles('unassign', { slug: 'writer', user_num: '1' })
    expect(res.body).toMatchObject({ changed: true, data: { slug: 'writer', assigned_users: ['003'] } })
    expect((await roles('unassign', { slug: 'writer', user_num: '1' })).body.changed).toBe(false)
  })

  test('a role with constraint_type max refuses members beyond max_count with 409', async () => {
    const created = await roles('create', { name: 'Section Lead', constraint_type: 'max', max_count: 2 })
    expect(created.body.data.role).toMatchObject({ constraint_type: 'max', max_count: 2 })
    await roles('assign', { slug: 'section-lead', user_num: '1' })
    await roles('assign', { slug: 'section-lead', user_num: '2' })
    const third = await roles('assign', { slug: 'section-lead', user_num: '3' })
    expect(third.status).toBe(409)
    expect(third.body).toMatchObject({ code: 'conflict', details: { max_count: 2 } })
    expect((await roles('assign', { slug: 'section-lead', user_num: '2' })).body.changed).toBe(false)
    expect((await roleOf('section-lead'))!.assigned_users).toEqual(['001', '002'])
  })

  test('parallel assignments never exceed max_count', async () => {
    await roles('create', { name: 'Duo', constraint_type: 'max', max_count: 2 })
    const responses = await Promise.all(['1', '2', '3', '4', '5', '6', '7'].map(user_num => roles('assign', { slug: 'duo', user_num })))
    expect(responses.filter(res => res.status === 200)).toHaveLength(2)
    expect(responses.filter(res => res.status === 409)).toHaveLength(5)
    expect((await roleOf('duo'))!.assigned_users).toHaveLength(2)
  })

  test('lowering max_count below the member count is 409 and changes nothing; raising it works', async () => {
    await sectionLead(['1', '2'])
    const lowered = await roles('update', { slug: 'section-lead', max_count: 1 })
    expect(lowered.status).toBe(409)
    expect(lowered.body.details).toEqual({ assigned: 2, max_count: 1 })
    expect((await roleOf('section-lead'))!.max_count).toBe(2)
    const raised = await roles('update', { slug: 'section-lead', max_count: 3 })
    expect(raised.body.data.role.max_count).toBe(3)
    expect((await roles('assign', { slug: 'section-lead', user_num: '3' })).body.changed).toBe(true)
  })

  test('switching to constraint_type none drops max_count and the limit', async () => {
    await sectionLead(['1', '2'])
    const res = await roles('update', { slug: 'section-lead', constraint_type: 'none' })
    expect(res.body.data.role).toMatchObject({ constraint_type: 'none', max_count: null })
    expect((await roles('assign', { slug: 'section-lead', user_num: '4' })).body.changed).toBe(true)
  })

  test('deleting a team member removes them from every role', async () => {
    await sectionLead(['1', '2', '3'], null)
    await roles('assign', { slug: 'editor', user_num: '2' })
    const held = (await users('get', { user_num: '2' })).body.data.roles
    expect(held).toEqual(expect.arrayContaining(['editor', 'section-lead']))
    const joinRowsBefore = await joinRowCount()
    await users('delete', { user_num: '2' }, true)
    for (const role of await listRoles()) expect(role.assigned_users).not.toContain('002')
    expect(await joinRowCount()).toBe(joinRowsBefore - held.length)
  })

  test('delete of a custom role needs confirm, then removes it and its assignments', async () => {
    await sectionLead(['1', '2', '3'], null)
    expect((await roles('delete', { slug: 'section-lead' })).body.code).toBe('confirm_required')
    const assignedBefore = (await roleOf('section-lead'))!.assigned_users.length
    const joinRowsBefore = await joinRowCount()
    const res = await roles('delete', { slug: 'section-lead' }, true)
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { slug: 'section-lead', deleted: true } })
    expect(await roleOf('section-lead')).toBeUndefined()
    expect(await joinRowCount()).toBe(joinRowsBefore - assignedBefore)
    expect((await users('get', { user_num: '1' })).body.data.roles).not.toContain('section-lead')
  })
})
