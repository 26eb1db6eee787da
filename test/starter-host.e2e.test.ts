// @svc-provider-independent: the create-keystone-app starter as generated keeps its data in SQLite (file:./keystone.db), whatever the suite's provider (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import request from 'supertest'
import { graphql } from './support/session-client.ts'
import { testProvider } from './support/database.ts'
import { deliver } from './support/webhooks.ts'
import { packedPackage } from './support/packed-package.ts'
import { keyDispatch, manifestOperations, shellEnv, startInstalledSite, type InstalledSite } from './support/installed-site.ts'
import { exampleProblems } from './support/example-runner.ts'
import { STARTER_FILES, STARTER_TEMPLATE, installStarter, starterFolder, unwrapStarterConfig } from './support/starter-site.ts'

/**
 * Keystone's own starter, as `npm create keystone-app` generates it (hosts/starter: a `User` list
 * without roles, a `Post` with a document `content`, an `author` relationship to `User` and
 * `tags` to a `Tag` list with a name and no slug), with the packed package installed and its
 * config wrapped as docs/install.md shows — nothing else. Its dependencies install from the
 * registry with its own lockfile, in a folder outside this repository, so nothing resolves from
 * the repository's node_modules. The starter keeps its data in SQLite (`file:./keystone.db`, as
 * generated), so this file runs with the SQLite suite only.
 */
const SECOND = 1000
const MINUTE = 60 * SECOND
const ROOT = process.cwd()
const PACKAGE = 'keystone-svc-control-plane'
/** The create-keystone-app release hosts/starter was generated from. */
const CREATE_KEYSTONE_APP = 'create-keystone-app@11.0.2'

const execFileAsync = promisify(execFile)
/** A PostgreSQL run that still reaches this file (one started by hand) skips it: the starter's database is SQLite whatever DATABASE_URL says. */
const describeOnSqlite = testProvider === 'sqlite' ? describe : describe.skip

let dir = ''
let varDir = ''
const secrets = { SESSION_SECRET: randomBytes(32).toString('base64'), SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex') }
/** The starter's database is its own `file:./keystone.db`; the package's CLI is told so through DATABASE_URL. */
const env = (overrides: NodeJS.ProcessEnv = {}) => shellEnv({ DATABASE_URL: 'file:./keystone.db', SVC_VAR_DIR: varDir, ...secrets, ...overrides })
const inStarter = (file: string, args: string[], timeout = 10 * MINUTE) =>
  execFileAsync(file, args, { cwd: dir, env: env(), maxBuffer: 64 * 1024 * 1024, timeout })
const keystone = (...args: string[]) => inStarter(process.execPath, [path.join(dir, 'node_modules/@keystone-6/core/bin/cli.js'), ...args])
const cli = (...args: string[]) => inStarter(process.execPath, [path.join(dir, 'node_modules/.bin/svc-control-plane'), ...args])

const admin = { email: 'Editor@Starter.test', password: `pw-${randomBytes(12).toString('hex')}` }
let site: InstalledSite
let apiKey = ''
let cookie = ''
let userId = ''

const SIGN_IN = `mutation ($email: String!, $password: String!) {
  authenticateUserWithPassword(email: $email, password: $password) {
    ... on UserAuthenticationWithPasswordSuccess { item { id } }
    ... on UserAuthenticationWithPasswordFailure { message }
  }
}`

async function signIn () {
  const res = await graphql(site.url, SIGN_IN, { email: admin.email, password: admin.password })
  userId = res.body.data?.authenticateUserWithPassword?.item?.id ?? ''
  cookie = res.cookie ?? ''
}

const dispatch = (body: Parameters<ReturnType<typeof keyDispatch>>[0]) => keyDispatch(site.url, apiKey)(body)

async function ok (resource: string, action: string, params: Record<string, unknown> = {}) {
  const { status, body } = await dispatch({ resource, action, params })
  expect({ operation: `${resource}.${action}`, status, error: body.error }).toEqual({ operation: `${resource}.${action}`, status: 200, error: null })
  return body.data as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- a response body, asserted on below
}

async function createPost (title: string): Promise<string> {
  const created = await graphql(site.url, 'mutation ($data: PostCreateInput!) { createPost(data: $data) { id } }', {
    data: { title, content: [{ type: 'paragraph', children: [{ text: `${title}: the council met on Tuesday evening.` }] }] },
  }, cookie)
  expect(created.body.errors).toBeUndefined()
  return created.body.data.createPost.id
}

describeOnSqlite('Keystone\'s create-keystone-app starter with the packed package', () => {
  beforeAll(async () => {
    varDir = await mkdtemp(path.join(tmpdir(), 'svc-starter-var-'))
    dir = await starterFolder()
    await installStarter(dir, await packedPackage(shellEnv()), env())
    await keystone('build')
    await cli('migrations', 'generate', 'init', '--provider', 'sqlite')
    await cli('migrate')
    await cli('create-admin', '--email', admin.email, '--password', admin.password, '--name', 'Editor')
    apiKey = (await cli('mint-key', '--email', admin.email, '--label', 'starter suite')).stdout.trimEnd().split('\n').at(-1)!
    site = await startInstalledSite({ what: 'the starter', cwd: dir, keystone: path.join(dir, 'node_modules/@keystone-6/core/bin/cli.js'), env: env() })
    await signIn()
  }, 40 * MINUTE)

  afterAll(async () => {
    await site?.stop()
    if (varDir) await rm(varDir, { recursive: true, force: true })
  }, MINUTE)

  test('hosts/starter is the template as create-keystone-app generates it, changed only by the wrap docs/install.md shows', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'svc-cka-'))
    try {
      const packed = await execFileAsync('npm', ['pack', CREATE_KEYSTONE_APP, '--pack-destination', scratch, '--silent'], { cwd: scratch, env: shellEnv() })
      await execFileAsync('tar', ['xzf', packed.stdout.trim().split('\n').at(-1)!], { cwd: scratch })
      const template = (file: string) => readFile(path.join(scratch, 'package/starter', file === '.gitignore' ? '_gitignore' : file), 'utf8')
      for (const file of STARTER_FILES.filter(name => name !== 'keystone.ts')) {
        expect({ file, content: await readFile(path.join(STARTER_TEMPLATE, file), 'utf8') }).toEqual({ file, content: await template(file) })
      }
      const wrapped = await readFile(path.join(STARTER_TEMPLATE, 'keystone.ts'), 'utf8')
      const docs = await readFile(path.join(ROOT, 'docs/install.md'), 'utf8')
      const { options, unwrapped } = unwrapStarterConfig(wrapped)
      expect(options).toBeDefined()
      // The same lines open docs/install.md's first worked example.
      expect(docs.indexOf(options!.split('\n').slice(1, 5).join('\n'))).toBeGreaterThan(-1)
      expect(docs.indexOf(options!.split('\n')[3]!)).toBeLessThan(docs.indexOf('## The host option'))
      expect(unwrapped).toEqual(await template('keystone.ts'))
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }, 2 * MINUTE)

  test('the package\'s peers are the starter\'s own: one Keystone, one React, one zod 4, no copy nested in the package', async () => {
    const installed = path.join(dir, 'node_modules', PACKAGE)
    expect(JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')).name).toBe(PACKAGE)
    for (const peer of ['@keystone-6/core', '@keystar/ui', '@prisma/client', 'react', 'next', 'zod']) {
      expect({ peer, nested: existsSync(path.join(installed, 'node_modules', peer)), top: existsSync(path.join(dir, 'node_modules', peer)) }).toEqual({ peer, nested: false, top: true })
    }
    expect(JSON.parse(await readFile(path.join(dir, 'node_modules/zod/package.json'), 'utf8')).version).toMatch(/^4\./)
    expect(JSON.parse(await readFile(path.join(dir, 'node_modules/@keystone-6/core/package.json'), 'utf8')).version).toMatch(/^8\./)
  })

  test('it starts with no warning about its field map, and create-admin made a User that signs in', () => {
    expect(site.output()).not.toMatch(/\[svc\] host\.content/)
    expect(userId).not.toBe('')
  })

  test('the Admin UI serves the control-plane pages under their own path, beside the starter\'s lists', async () => {
    for (const page of ['/control-plane', '/control-plane/api-keys', '/control-plane/content-sources', '/control-plane/pipelines', '/posts', '/users']) {
      const res = await request(site.url).get(page).set('Cookie', cookie)
      expect({ page, status: res.status, type: res.headers['content-type'] }).toEqual({ page, status: 200, type: expect.stringMatching(/^text\/html/) })
    }
  }, MINUTE)

  test('every example its manifest offers runs through dispatch', async () => {
    const operations = await manifestOperations(site.url, apiKey)
    expect(operations.length).toBeGreaterThan(50)
    const fixtures = { account: { id: userId }, post: { id: await createPost('Examples fixture') } }
    const problems = await exampleProblems(operations, keyDispatch(site.url, apiKey), fixtures)
    // sessions.revoke's example signs the account out everywhere.
    await signIn()
    expect(problems).toEqual([])
  }, 5 * MINUTE)

  test('a delivery with an author e-mail and tags gives a Post whose author is that User and whose tags are Tag items with those names; a pipeline runs on it', async () => {
    const existing = await graphql(site.url, 'mutation { createTag(data: { name: "Budget" }) { id } }', {}, cookie)
    expect(existing.body.errors).toBeUndefined()
    const budgetId = existing.body.data.createTag.id
    const source = await ok('content_sources', 'create', { name: `Wire ${randomUUID().slice(0, 8)}`, auth_mode: 'none', author_match_mode: 'email', taxonomy_apply_mode: 'append' })
    const story = (n: number) => ({ headline: `Council story ${n}`, html: `<p>Story ${n}: the council voted on the library.</p>`, byline: admin.email.toLowerCase(), topics: ['budget', 'Local News'] })
    expect((await deliver(site.url, source.slug, story(1))).status).toBe(202)
    await ok('content_sources', 'approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'html', author: 'byline', tags: 'topics' } })
    const delivered = await deliver(site.url, source.slug, story(2))
    expect([delivered.status, delivered.body.data?.status]).toEqual([200, 'created'])
    const postId = delivered.body.data.post_id

    const read = await graphql(site.url, 'query ($id: ID!) { post(where: { id: $id }) { title author { id email } tags { id name } } }', { id: postId }, cookie)
    const post = read.body.data.post
    expect(post.title).toBe('Council story 2')
    expect(post.author).toEqual({ id: userId, email: admin.email })
    // "budget" found the existing "Budget" (any letter case); "Local News" was created with its name.
    expect(post.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['Budget', 'Local News'])
    expect(post.tags.find((tag: { name: string }) => tag.name === 'Budget').id).toBe(budgetId)
    const tags = await graphql(site.url, 'query { tags(where: { name: { in: ["Budget", "Local News", "budget"] } }) { name } }', {}, cookie)
    expect(tags.body.data.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['Budget', 'Local News'])

    const run = await ok('pipelines', 'run', { post_id: postId })
    expect(run).toMatchObject({ status: 'success', post_id: postId })
    const after = await graphql(site.url, 'query ($id: ID!) { post(where: { id: $id }) { author { id } tags { name } } }', { id: postId }, cookie)
    expect(after.body.data.post.author).toEqual({ id: userId })
    expect(after.body.data.post.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['Budget', 'Local News'])
  }, 2 * MINUTE)

  test('with no author matched, the source\'s default author is the account linked to that team member', async () => {
    const member = await ok('users', 'create', { full_name: 'Desk Editor', email: `desk-${randomUUID().slice(0, 8)}@starter.test` })
    await ok('users', 'link_account', { user_num: member.user_num, account_id: userId })
    const source = await ok('content_sources', 'create', { name: `Desk ${randomUUID().slice(0, 8)}`, auth_mode: 'none', author_match_mode: 'email', default_author_id: Number(member.user_num) })
    expect((await deliver(site.url, source.slug, { headline: 'Sample', html: '<p>x</p>', byline: 'nobody@elsewhere.test' })).status).toBe(202)
    await ok('content_sources', 'approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'html', author: 'byline' } })
    const delivered = await deliver(site.url, source.slug, { headline: 'Unmatched byline', html: '<p>y</p>', byline: 'nobody@elsewhere.test' })
    expect(delivered.status).toBe(200)
    const read = await graphql(site.url, 'query ($id: ID!) { post(where: { id: $id }) { author { id } } }', { id: delivered.body.data.post_id }, cookie)
    expect(read.body.data.post.author).toEqual({ id: userId })
  }, MINUTE)
})
