import { beforeAll, describe, expect, test } from '@jest/globals'
import { config, list } from '@keystone-6/core'
import { allowAll } from '@keystone-6/core/access'
import { checkbox, password, relationship, text } from '@keystone-6/core/fields'
import { createSystem } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import { withControlPlane, type ControlPlaneOptions, type HostAccountsOptions } from '../packages/control-plane/src/index.ts'
import { inspectAccountsList } from '../packages/control-plane/src/platform/host-contract/accounts-list.ts'
import { resolveAccounts } from '../packages/control-plane/src/platform/host-contract/accounts.ts'
import { accountLoader } from '../packages/control-plane/src/platform/host-contract/load-account.ts'
import { useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie } from './support/session-client.ts'

const CRM_LIST = { resource: 'crm', action: 'list', params: {} }

/** A host whose accounts look nothing like the demo's: another list key and table, integer ids, an `isAdmin` checkbox. */
const memberLists = () => ({
  Member: list({
    access: allowAll,
    db: { map: 'members', idField: { kind: 'autoincrement' } },
    fields: { login: text({ isIndexed: 'unique' }), fullName: text(), secret: password(), isAdmin: checkbox() },
  }),
})

const MEMBER_ACCOUNTS: HostAccountsOptions = {
  list: 'Member',
  emailField: 'login',
  nameField: 'fullName',
  passwordField: 'secret',
  roleSelect: { isAdmin: true },
  roleOf: member => member.isAdmin ? 'administrator' : null,
  administratorData: { isAdmin: true },
}

const hostConfig = (lists: Record<string, unknown>, options: ControlPlaneOptions) => withControlPlane({
  db: { provider: 'sqlite', url: 'file:./var/unused.db', prismaClientOptions: () => ({}) },
  lists,
} as never, { env: {}, security: { encryptionKey: '0'.repeat(64) }, ...options }) as unknown as { lists: Record<string, unknown> }

const demoUser = (fields: Record<string, unknown>) => ({ User: list({ access: allowAll, fields: fields as never }) })

describe('withControlPlane checks host.accounts against the host\'s lists when the config is built', () => {
  test('an accounts list the config does not have', () => {
    expect(() => hostConfig(memberLists(), {})).toThrow(
      'host.accounts.list names "User", which is not a list of this Keystone config (its lists: Member): set host.accounts.list')
  })

  test.each([
    ['emailField', { name: text(), password: password(), role: text() }, 'host.accounts.emailField names "email", which the User list does not have: set host.accounts.emailField'],
    ['nameField', { email: text(), password: password(), role: text() }, 'host.accounts.nameField names "name", which the User list does not have: set host.accounts.nameField'],
    ['passwordField', { email: text(), name: text(), role: text() }, 'host.accounts.passwordField names "password", which the User list does not have: set host.accounts.passwordField'],
    ['roleSelect', { email: text(), name: text(), password: password() }, 'host.accounts.roleSelect names "role", which the User list does not have: set host.accounts.roleSelect and roleOf'],
  ])('host.accounts.%s naming a field the list does not have', (_option, fields, message) => {
    expect(() => hostConfig(demoUser(fields), {})).toThrow(message)
  })

  test('a roleSelect naming a field of the list, nested for a relationship, passes', () => {
    const lists = {
      ...demoUser({ email: text(), name: text(), password: password(), position: relationship({ ref: 'Position' }) }),
      Position: list({ access: allowAll, fields: { title: text() } }),
    }
    expect(() => hostConfig(lists, { host: { accounts: { roleSelect: { position: { select: { title: true } } }, roleOf: a => a.position?.title } } })).not.toThrow()
  })

  test('the table and id type come from the list: its db.map, its idField', () => {
    expect(inspectAccountsList({ db: {}, lists: memberLists() }, MEMBER_ACCOUNTS)).toEqual({ table: 'members', idType: 'int' })
    expect(inspectAccountsList({ db: { idField: { kind: 'uuid' } }, lists: demoUser({ email: text(), name: text(), password: password(), role: text() }) })).toEqual({ table: 'User', idType: 'string' })
  })
})

describe('a host of another shape', () => {
  test('the plugin lists point at its accounts list', () => {
    const system = createSystem(config(hostConfig(memberLists(), { host: { accounts: MEMBER_ACCOUNTS, content: false } }) as never))
    expect(system.lists.SvcApiKey!.resolvedDbFields.owner).toMatchObject({ kind: 'relation', list: 'Member' })
    expect(system.lists.SvcTeamMember!.resolvedDbFields.account).toMatchObject({ kind: 'relation', list: 'Member' })
  })

  test('its accounts are read through its delegate, with its id type, and roleOf decides the role', async () => {
    const calls: unknown[] = []
    const db = {
      member: {
        async findUnique (args: { where: { id: unknown } }) {
          calls.push(args)
          return args.where.id === 7 ? { id: 7, login: 'ada@example.test', fullName: 'Ada', isAdmin: true } : null
        },
      },
    }
    const load = accountLoader(db, resolveAccounts(MEMBER_ACCOUNTS, { table: 'members', idType: 'int' }))
    expect(await load('7')).toEqual({ id: '7', email: 'ada@example.test', name: 'Ada', role: 'administrator' })
    expect(calls).toEqual([{ where: { id: 7 }, select: { isAdmin: true, id: true, login: true, fullName: true } }])
    expect(await load('not-a-number')).toBeNull()
    expect(calls).toHaveLength(1)
    expect(await load('8')).toBeNull()
  })
})

/** The demo's editors hold manage_options through the host's roleOf, not through `capabilities`. */
const EDITORS_ADMINISTER: ControlPlaneOptions = {
  host: { accounts: { roleOf: account => account.role === 'editor' ? 'administrator' : account.role } },
}

const PLUGIN_LIST_QUERY = '{ svcRoles { slug } svcRolesCount }'

describe('host.accounts.roleOf decides what an account may do', () => {
  describe('with a roleOf that makes editors administrators', () => {
    const plane = useTestServer(EDITORS_ADMINISTER)

    test('an editor\'s key lists CRM systems', async () => {
      const editor = await plane.account('editor')
      const res = await editor.dispatch(CRM_LIST)
      expect({ status: res.status, ok: res.body.ok }).toEqual({ status: 200, ok: true })
    })

    test('an editor\'s session reads the plugin lists in GraphQL', async () => {
      const editor = await plane.account('editor')
      const res = await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, await sessionCookie(plane.server.app, editor.email, editor.password))
      expect(res.body.errors).toBeUndefined()
      expect(res.body.data.svcRolesCount).toBeGreaterThan(0)
    })

    test('the key is cut off once the account is no longer an editor, and back once it is', async () => {
      const editor = await plane.account('editor')
      expect((await editor.dispatch(CRM_LIST)).status).toBe(200)
      await plane.server.db.user.update({ where: { id: editor.id }, data: { role: 'author' } })
      expect(await editor.dispatch(CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
      await plane.server.db.user.update({ where: { id: editor.id }, data: { role: 'editor' } })
      expect((await editor.dispatch(CRM_LIST)).status).toBe(200)
    })

    test('a session loses the plugin lists once the account is demoted', async () => {
      const editor = await plane.account('editor')
      const cookie = await sessionCookie(plane.server.app, editor.email, editor.password)
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data.svcRolesCount).toBeGreaterThan(0)
      await plane.server.db.user.update({ where: { id: editor.id }, data: { role: 'subscriber' } })
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data).toEqual({ svcRoles: [], svcRolesCount: 0 })
    })
  })

  describe('with the default roleOf', () => {
    const plane = useTestServer()
    let editor: Awaited<ReturnType<typeof plane.account>>

    beforeAll(async () => { editor = await plane.account('editor') })

    test('an editor\'s key is refused', async () => {
      expect(await editor.dispatch(CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    })

    test('an editor\'s session reads nothing of the plugin lists', async () => {
      const res = await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, await sessionCookie(plane.server.app, editor.email, editor.password))
      expect(res.body.data).toEqual({ svcRoles: [], svcRolesCount: 0 })
    })

    test('an administrator demoted to editor is cut off at once, key and session', async () => {
      const admin = await plane.account('administrator')
      const cookie = await sessionCookie(plane.server.app, admin.email, admin.password)
      expect((await admin.dispatch(CRM_LIST)).status).toBe(200)
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data.svcRolesCount).toBeGreaterThan(0)
      await plane.server.db.user.update({ where: { id: admin.id }, data: { role: 'editor' } })
      expect(await admin.dispatch(CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data).toEqual({ svcRoles: [], svcRolesCount: 0 })
    })
  })
})
