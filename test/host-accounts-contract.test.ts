import { beforeAll, describe, expect, test } from '@jest/globals'
import { config, list } from '@keystone-6/core'
import { allowAll } from '@keystone-6/core/access'
import { checkbox, password, relationship, text } from '@keystone-6/core/fields'
import { createSystem } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import { withControlPlane, type ControlPlaneOptions, type HostAccountsOptions } from '../packages/control-plane/src/index.ts'
import { inspectAccountsList } from '../packages/control-plane/src/platform/host-contract/accounts-list.ts'
import { resolveAccounts, withSignInFields } from '../packages/control-plane/src/platform/host-contract/accounts.ts'
import { signInFieldsOf } from '../packages/control-plane/src/platform/host-contract/sign-in-fields.ts'
import { installationOnConfig } from '../packages/control-plane/src/kernel/installation-on-config.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'
import { keystoneDatamodel } from '../packages/control-plane/src/doors/cli/generate.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { createAuth } from '@keystone-6/auth'
import { hostPosts } from '../packages/control-plane/src/platform/host-contract/posts.ts'
import { requireHostParts } from '../packages/control-plane/src/resources/content-sources/post-types.ts'
import { DEFAULT_SETTINGS } from '../packages/control-plane/src/resources/content-sources/settings.ts'
import { statelessSessions } from '@keystone-6/core/session'
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
    ['identityField', { identityField: 'login' }, 'host.accounts.identityField names "login", which the User list does not have: set host.accounts.identityField'],
    ['emailField', { emailField: 'mail' }, 'host.accounts.emailField names "mail", which the User list does not have: set host.accounts.emailField'],
    ['nameField', { nameField: 'fullName' }, 'host.accounts.nameField names "fullName", which the User list does not have: set host.accounts.nameField'],
    ['passwordField', { passwordField: 'secret' }, 'host.accounts.passwordField names "secret", which the User list does not have: set host.accounts.passwordField'],
    ['roleSelect', { roleSelect: { position: true } }, 'host.accounts.roleSelect names "position", which the User list does not have: set host.accounts.roleSelect and roleOf'],
  ] satisfies [string, HostAccountsOptions, string][])('host.accounts.%s naming a field the list does not have stops the start', (_option, accounts, message) => {
    expect(() => hostConfig(demoUser({ email: text(), name: text(), password: password(), role: text() }), { host: { accounts } })).toThrow(message)
  })

  test('a default field the list lacks is left out with a warning that says what to set; the start goes on', () => {
    const facts = inspectAccountsList({ db: {}, lists: demoUser({ name: text(), password: password() }) })
    expect(facts.fields).toEqual(['id', 'name', 'password'])
    const accounts = resolveAccounts({}, facts)
    expect(accounts).toMatchObject({ identityField: 'name', emailField: null, nameField: 'name', passwordField: 'password', roleSelect: {}, administratorData: {} })
    expect(accounts.warnings).toEqual([
      'host.accounts: the User list has no field "email" (the default of host.accounts.emailField), so its accounts have no e-mail address (a post\'s author is not matched by e-mail); set host.accounts.emailField to the list\'s field, or to false when they have none',
      'host.accounts: the User list has no field "role" (the default of host.accounts.roleSelect), so no account holds a role (none may manage the control plane); set host.accounts.roleSelect to the list\'s field and host.accounts.roleOf to read the role from it',
    ])
    expect(() => hostConfig(demoUser({ name: text(), password: password() }), {})).not.toThrow()
  })

  test('emailField: false says the accounts have none, with nothing to warn about', () => {
    const accounts = resolveAccounts({ emailField: false, roleSelect: { isAdmin: true } }, inspectAccountsList({ db: {}, lists: demoUser({ email: text(), name: text(), password: password(), isAdmin: checkbox() }) }))
    expect(accounts).toMatchObject({ emailField: null, identityField: 'name', warnings: [] })
  })

  test('a roleSelect naming a field of the list, nested for a relationship, passes', () => {
    const lists = {
      ...demoUser({ email: text(), name: text(), password: password(), position: relationship({ ref: 'Position' }) }),
      Position: list({ access: allowAll, fields: { title: text() } }),
    }
    expect(() => hostConfig(lists, { host: { accounts: { roleSelect: { position: { select: { title: true } } }, roleOf: a => a.position?.title } } })).not.toThrow()
  })

  test('the table and id type come from the list: its db.map, its idField', () => {
    expect(inspectAccountsList({ db: {}, lists: memberLists() }, MEMBER_ACCOUNTS)).toMatchObject({ table: 'members', idType: 'int' })
    expect(inspectAccountsList({ db: { idField: { kind: 'uuid' } }, lists: demoUser({ email: text(), name: text(), password: password(), role: text() }) })).toMatchObject({ table: 'User', idType: 'string' })
    expect(inspectAccountsList({ db: { idField: { kind: 'number', type: 'BigInt' } }, lists: demoUser({ email: text() }) })).toMatchObject({ idType: 'bigint' })
  })
})

/** Keystone's usecase-roles example's shape: people sign in by a unique name, related to a Role list of permission boxes. */
const rolesExampleConfig = (accounts: HostAccountsOptions = {}, extraFields: Record<string, ReturnType<typeof text>> = {}) => config(hostConfig({
  Person: list({ access: allowAll, fields: { name: text({ isIndexed: 'unique', validation: { isRequired: true } }), password: password(), role: relationship({ ref: 'Role.assignedTo' }), ...extraFields } }),
  Role: list({ access: allowAll, fields: { name: text(), canManagePeople: checkbox(), assignedTo: relationship({ ref: 'Person.role', many: true }) } }),
}, {
  host: { accounts: { list: 'Person', roleSelect: { role: { select: { canManagePeople: true } } }, roleOf: person => person.role?.canManagePeople ? 'administrator' : null, ...accounts }, content: false },
}) as never)

const signInBy = (identityField: string) => createAuth({ listKey: 'Person', identityField, secretField: 'password', sessionData: 'id' }).withAuth

describe('the field accounts sign in by is the one the host gives createAuth', () => {
  test('read from the sign-in mutation createAuth adds to Keystone\'s schema, with no option naming it', () => {
    // The list has an e-mail field too, which the identity would default to without createAuth's.
    const plain = rolesExampleConfig({}, { email: text({ isIndexed: 'unique' }) })
    const installation = installationOnConfig(builtinResources, plain, { env: {}, security: { encryptionKey: '0'.repeat(64) }, host: { accounts: { list: 'Person', roleSelect: { role: { select: { canManagePeople: true } } }, roleOf: () => null }, content: false } })
    expect(installation.options.host.accounts.identityField).toBe('email')
    const schema = createSystem(signInBy('name')({ ...plain, session: statelessSessions({ secret: 's'.repeat(32) }) })).graphql.schemas.public
    expect(signInFieldsOf(schema, 'Person')).toEqual({ identityField: 'name', secretField: 'password' })
    const { options, warnings } = installation.checkHost(schema)
    expect(options.host.accounts).toMatchObject({ identityField: 'name', emailField: 'email', nameField: 'name' })
    expect(warnings).toEqual([])
  })

  test('a list without an e-mail field starts with a warning that says what to set', () => {
    const plain = rolesExampleConfig()
    const installation = installationOnConfig(builtinResources, plain, { env: {}, security: { encryptionKey: '0'.repeat(64) }, host: { accounts: { list: 'Person', roleSelect: { role: { select: { canManagePeople: true } } }, roleOf: () => null }, content: false } })
    const { options, warnings } = installation.checkHost(createSystem(signInBy('name')({ ...plain, session: statelessSessions({ secret: 's'.repeat(32) }) })).graphql.schemas.public)
    expect(options.host.accounts).toMatchObject({ identityField: 'name', emailField: null })
    expect(warnings).toEqual([expect.stringContaining('host.accounts: the Person list has no field "email"')])
  })

  test('an identityField option wins over createAuth\'s; without a sign-in mutation the default stands', () => {
    const accounts = resolveAccounts({ list: 'Person', identityField: 'password' }, { table: 'Person', idType: 'string', fields: ['id', 'name', 'password'] })
    expect(withSignInFields(accounts, { identityField: 'name', secretField: 'password' }).identityField).toBe('password')
    const defaulted = resolveAccounts({ list: 'Person' }, { table: 'Person', idType: 'string', fields: ['id', 'email', 'name'] })
    expect(withSignInFields(defaulted, { identityField: 'name', secretField: 'password' }).identityField).toBe('name')
    expect(withSignInFields(defaulted, null).identityField).toBe('email')
    expect(signInFieldsOf(createSystem(rolesExampleConfig()).graphql.schemas.public, 'Person')).toBeNull()
  })
})

describe('what needs an e-mail says so when the accounts have none', () => {
  /** Keystone's starter's Post, whose author is a relationship to accounts that sign in by name and have no e-mail. */
  const starterWithoutEmail = () => config(hostConfig({
    User: list({ access: allowAll, fields: { name: text({ isIndexed: 'unique' }), password: password(), isAdmin: checkbox(), posts: relationship({ ref: 'Post.author', many: true }) } }),
    Post: list({ access: allowAll, fields: { title: text(), content: text(), author: relationship({ ref: 'User.posts' }) } }),
  }, { host: { accounts: { roleSelect: { isAdmin: true }, roleOf: user => user.isAdmin ? 'administrator' : null }, content: { list: 'Post', fields: { title: 'title', body: 'content' } } } }) as never)

  test('a content source matching authors by e-mail is refused, by name accepted', () => {
    const plain = starterWithoutEmail()
    const installation = installationOnConfig(builtinResources, plain, { env: {}, security: { encryptionKey: '0'.repeat(64) }, host: { accounts: { roleSelect: { isAdmin: true }, roleOf: () => null }, content: { list: 'Post', fields: { title: 'title', body: 'content' } } } })
    const { options } = installation.checkHost(createSystem(createAuth({ listKey: 'User', identityField: 'name', secretField: 'password' }).withAuth({ ...plain, session: statelessSessions({ secret: 's'.repeat(32) }) })).graphql.schemas.public)
    // The gateway's database is never reached: the settings are checked against the field map alone.
    const posts = hostPosts({} as never, options)
    expect(() => requireHostParts(posts, { ...DEFAULT_SETTINGS, author_match_mode: 'email' }, options)).toThrow(
      'author_match_mode: the host\'s accounts have no e-mail field to match an author by (host.accounts.emailField): match by name')
    expect(() => requireHostParts(posts, { ...DEFAULT_SETTINGS, author_match_mode: 'name' }, options)).not.toThrow()
  })
})

describe('a host of another shape', () => {
  test('the package\'s keys and team members point at its accounts model, with its integer id, in the schema Keystone prints', async () => {
    const prisma = await keystoneDatamodel(config(hostConfig(memberLists(), { host: { accounts: MEMBER_ACCOUNTS, content: false } }) as never), 'sqlite')
    const model = (name: string) => new RegExp(`^model ${name} \\{\\n([^}]*)\\}`, 'm').exec(prisma)?.[1]?.replace(/ +/g, ' ') ?? ''
    expect(model('SvcApiKey')).toContain(' owner Member? @relation("SvcApiKey_owner", fields: [ownerId], references: [id])\n ownerId Int? @map("owner")\n')
    expect(model('SvcTeamMember')).toContain(' account Member? @relation("SvcTeamMember_account", fields: [accountId], references: [id])\n accountId Int? @map("account")\n')
    expect(model('Member')).toContain(' from_SvcApiKey_owner SvcApiKey[] @relation("SvcApiKey_owner")\n from_SvcTeamMember_account SvcTeamMember[] @relation("SvcTeamMember_account")\n\n @@map("members")\n')
    expect(prisma).not.toMatch(/^model User \{/m)
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

// The one list the package keeps (module switches), read with manage_options; a row seeded in each server.
const PLUGIN_LIST_QUERY = '{ svcModuleStates { key } svcModuleStatesCount }'
const seedModuleSwitch = (plane: { server: { db: Db } }) => plane.server.db.svcModuleState.upsert({ where: { key: 'ai' }, create: { key: 'ai', enabled: true }, update: {} })

describe('host.accounts.roleOf decides what an account may do', () => {
  describe('with a roleOf that makes editors administrators', () => {
    const plane = useTestServer(EDITORS_ADMINISTER)
    beforeAll(() => seedModuleSwitch(plane))

    test('an editor\'s key lists CRM systems', async () => {
      const editor = await plane.account('editor')
      const res = await editor.dispatch(CRM_LIST)
      expect({ status: res.status, ok: res.body.ok }).toEqual({ status: 200, ok: true })
    })

    test('an editor\'s session reads the plugin lists in GraphQL', async () => {
      const editor = await plane.account('editor')
      const res = await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, await sessionCookie(plane.server.app, editor.email, editor.password))
      expect(res.body.errors).toBeUndefined()
      expect(res.body.data.svcModuleStatesCount).toBeGreaterThan(0)
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
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data.svcModuleStatesCount).toBeGreaterThan(0)
      await plane.server.db.user.update({ where: { id: editor.id }, data: { role: 'subscriber' } })
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data).toEqual({ svcModuleStates: [], svcModuleStatesCount: 0 })
    })
  })

  describe('with the default roleOf', () => {
    const plane = useTestServer()
    let editor: Awaited<ReturnType<typeof plane.account>>

    beforeAll(async () => {
      await seedModuleSwitch(plane)
      editor = await plane.account('editor')
    })

    test('an editor\'s key is refused', async () => {
      expect(await editor.dispatch(CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    })

    test('an editor\'s session reads nothing of the plugin lists', async () => {
      const res = await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, await sessionCookie(plane.server.app, editor.email, editor.password))
      expect(res.body.data).toEqual({ svcModuleStates: [], svcModuleStatesCount: 0 })
    })

    test('an administrator demoted to editor is cut off at once, key and session', async () => {
      const admin = await plane.account('administrator')
      const cookie = await sessionCookie(plane.server.app, admin.email, admin.password)
      expect((await admin.dispatch(CRM_LIST)).status).toBe(200)
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data.svcModuleStatesCount).toBeGreaterThan(0)
      await plane.server.db.user.update({ where: { id: admin.id }, data: { role: 'editor' } })
      expect(await admin.dispatch(CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
      expect((await graphql(plane.server.app, PLUGIN_LIST_QUERY, {}, cookie)).body.data).toEqual({ svcModuleStates: [], svcModuleStatesCount: 0 })
    })
  })
})
