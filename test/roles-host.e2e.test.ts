// @svc-provider-independent: the roles host keeps its data in a SQLite file of its own folder, whatever the suite's provider (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import request from 'supertest'
import { exampleProblems, type Envelope } from './support/example-runner.ts'
import { graphql } from './support/session-client.ts'
import { testProvider } from './support/database.ts'
import { BASE } from './support/client.ts'
import { readUntil } from './support/eventually.ts'
import { packedPackage } from './support/packed-package.ts'
import { keyDispatch, manifestOperations, shellEnv, startInstalledSite, type InstalledSite } from './support/installed-site.ts'

/**
 * A site in the shape of Keystone's own usecase-roles example (hosts/roles): people sign in by a
 * unique `name` and have no e-mail field, each holds a `Role` of permission boxes, and the lists'
 * access rules read those boxes from `session.data`. The packed package is installed into it and
 * wired as docs/install.md's second worked example shows — no e-mail option, the sign-in field
 * taken from createAuth. Its database is a SQLite file of its own, so this file runs with the
 * SQLite suite only.
 */
const SECOND = 1000
const MINUTE = 60 * SECOND
const ROOT = process.cwd()
const HOST = path.join(ROOT, 'hosts/roles')
const KEYSTONE = path.join(ROOT, 'node_modules/@keystone-6/core/bin/cli.js')
const CLI = path.join(HOST, 'node_modules/.bin/svc-control-plane')
/** What the host builds and stores: removed before a run, so each starts from the files as committed. */
const OUTPUTS = ['node_modules', '.keystone', 'generated', 'migrations', 'var', 'schema.prisma', 'schema.graphql']
const describeOnSqlite = testProvider === 'sqlite' ? describe : describe.skip

const execFileAsync = promisify(execFile)
const secrets = { SESSION_SECRET: randomBytes(32).toString('base64'), SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex') }
let varDir = ''
const env = () => shellEnv({ DATABASE_URL: 'file:./var/roles.db', SVC_VAR_DIR: varDir, ...secrets })
const inHost = (file: string, args: string[]) => execFileAsync(file, args, { cwd: HOST, env: env(), maxBuffer: 64 * 1024 * 1024 })
/** `npx svc-control-plane …` in the site's folder. */
const cli = (...args: string[]) => inHost(process.execPath, [CLI, ...args])
const lastLine = (output: string) => output.trimEnd().split('\n').at(-1)!

const admin = { name: 'Ada', password: `pw-${randomBytes(12).toString('hex')}` }
let site: InstalledSite
let adminKey = ''
let adminCookie = ''
let adminId = ''

const SIGN_IN = `mutation ($name: String!, $password: String!) {
  authenticateUserWithPassword(name: $name, password: $password) {
    ... on UserAuthenticationWithPasswordSuccess { item { id } }
    ... on UserAuthenticationWithPasswordFailure { message }
  }
}`

/** Signs in by name through Keystone's own mutation, as the Admin UI does. */
async function signIn (name: string, password: string): Promise<{ id: string, cookie: string }> {
  const res = await graphql(site.url, SIGN_IN, { name, password })
  const id = res.body.data?.authenticateUserWithPassword?.item?.id
  if (!id || !res.cookie) throw new Error(`sign-in as ${name} failed: ${JSON.stringify(res.body)}`)
  return { id, cookie: res.cookie }
}

const CRM_LIST = { resource: 'crm', action: 'list', params: {} }

/** Dispatch with the session cookie, as the Admin UI's pages call the control plane. */
const sessionDispatch = async (cookie: string, body: object) => {
  const res = await request(site.url).post(`${BASE}/manage/dispatch`).set('Cookie', cookie).send(body)
  return { status: res.status, body: res.body as Envelope }
}

/** A Role with the given boxes and a person holding it, made by the administrator through GraphQL; the person signed in. */
async function personWithRole (canManagePeople: boolean) {
  const suffix = randomUUID().slice(0, 8)
  const role = await graphql(site.url, 'mutation ($data: RoleCreateInput!) { createRole(data: $data) { id } }',
    { data: { name: `Role ${suffix}`, canManagePeople } }, adminCookie)
  expect(role.body.errors).toBeUndefined()
  const password = `pw-${randomBytes(8).toString('hex')}`
  const person = await graphql(site.url, 'mutation ($data: UserCreateInput!) { createUser(data: $data) { id } }',
    { data: { name: `Person ${suffix}`, password, role: { connect: { id: role.body.data.createRole.id } } } }, adminCookie)
  expect(person.body.errors).toBeUndefined()
  const name = `Person ${suffix}`
  const key = lastLine((await cli('mint-key', '--identity', name, '--label', `key of ${name}`)).stdout)
  return { name, roleId: role.body.data.createRole.id as string, key, ...await signIn(name, password) }
}

describeOnSqlite('Keystone\'s usecase-roles shape (name sign-in, a Role list of permission boxes) with the packed package', () => {
  beforeAll(async () => {
    varDir = await mkdtemp(path.join(tmpdir(), 'svc-roles-var-'))
    for (const output of OUTPUTS) await rm(path.join(HOST, output), { recursive: true, force: true })
    await mkdir(path.join(HOST, 'var'))
    const tarball = await packedPackage(env())
    await inHost('npm', ['install', '--no-save', '--legacy-peer-deps', '--no-audit', '--no-fund', tarball])
    await inHost(process.execPath, [KEYSTONE, 'build', '--no-ui'])
    await cli('migrations', 'generate', 'init', '--provider', 'sqlite')
    await cli('migrate')
    await cli('create-admin', '--identity', admin.name, '--password', admin.password)
    adminKey = lastLine((await cli('mint-key', '--identity', admin.name, '--label', 'roles suite')).stdout)
    site = await startInstalledSite({ what: 'the roles host', cwd: HOST, keystone: KEYSTONE, env: env(), adminUi: false })
    ;({ id: adminId, cookie: adminCookie } = await signIn(admin.name, admin.password))
  }, 15 * MINUTE)

  afterAll(async () => {
    await site?.stop()
    if (varDir) await rm(varDir, { recursive: true, force: true })
  }, MINUTE)

  test('it starts with the documented wiring and no e-mail option, saying the accounts have no e-mail address', () => {
    expect(site.output()).toContain('[svc] host.accounts: the User list has no field "email" (the default of host.accounts.emailField)')
    expect(site.output()).not.toMatch(/\[svc\] host\.accounts: the User list has no e-mail or name field/)
  })

  test('the CLI found the administrator by its name, the field createAuth signs in by; --email is refused and says why', async () => {
    expect(adminId).not.toBe('')
    await expect(cli('mint-key', '--email', 'ada@example.test', '--label', 'x')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--email: accounts of this site sign in by their name (host.accounts.identityField), not an e-mail: give it with --identity'),
    })
    await expect(cli('mint-key', '--identity', 'Nobody', '--label', 'x')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no account with name Nobody') })
  }, 2 * MINUTE)

  test('a key minted through the administrator\'s session works like the CLI\'s', async () => {
    const minted = await sessionDispatch(adminCookie, { resource: 'api_keys', action: 'mint', params: { label: 'minted in a session', expires_in_days: 1 } })
    expect({ status: minted.status, error: minted.body.error }).toEqual({ status: 200, error: null })
    const key = (minted.body.data as { key: string }).key
    expect((await keyDispatch(site.url, key)(CRM_LIST)).status).toBe(200)
    expect((await keyDispatch(site.url, adminKey)(CRM_LIST)).status).toBe(200)
  })

  test('every example its manifest offers runs through dispatch for the administrator', async () => {
    const operations = await manifestOperations(site.url, adminKey)
    expect(operations.length).toBeGreaterThan(40)
    const problems = await exampleProblems(operations, keyDispatch(site.url, adminKey), { account: { id: adminId } })
    // sessions.revoke's example signs the account out everywhere.
    ;({ cookie: adminCookie } = await signIn(admin.name, admin.password))
    expect(problems).toEqual([])
  }, 5 * MINUTE)

  test('a role without the permission is refused by session and by key', async () => {
    const member = await personWithRole(false)
    expect(await sessionDispatch(member.cookie, CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await keyDispatch(site.url, member.key)(CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
  }, 2 * MINUTE)

  test('losing the permission box cuts the role\'s keys and sessions off', async () => {
    const manager = await personWithRole(true)
    expect((await keyDispatch(site.url, manager.key)(CRM_LIST)).status).toBe(200)
    expect((await sessionDispatch(manager.cookie, CRM_LIST)).status).toBe(200)
    const unticked = await graphql(site.url, 'mutation ($id: ID!) { updateRole(where: { id: $id }, data: { canManagePeople: false }) { canManagePeople } }', { id: manager.roleId }, adminCookie)
    expect(unticked.body.data).toEqual({ updateRole: { canManagePeople: false } })
    // A related list's row is read again within a second (host.accounts.roleSelect's cache).
    const refused = await readUntil(() => keyDispatch(site.url, manager.key)(CRM_LIST), res => res.status !== 200)
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await sessionDispatch(manager.cookie, CRM_LIST)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
  }, 2 * MINUTE)

  test('the host\'s own access rules still read session.data: a person without canSeeOtherPeople sees only themselves', async () => {
    const member = await personWithRole(false)
    const seen = await graphql(site.url, '{ users { name } }', {}, member.cookie)
    expect(seen.body.data).toEqual({ users: [{ name: member.name }] })
    const everyone = await graphql(site.url, '{ users { name } }', {}, adminCookie)
    expect(everyone.body.data.users.map((user: { name: string }) => user.name)).toEqual(expect.arrayContaining([admin.name, member.name]))
    const ownRole = await graphql(site.url, '{ authenticatedItem { ... on User { name role { canManagePeople } } } }', {}, member.cookie)
    expect(ownRole.body.data).toEqual({ authenticatedItem: { name: member.name, role: { canManagePeople: false } } })
  }, 2 * MINUTE)
})
