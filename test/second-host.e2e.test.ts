import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import request from 'supertest'
import type { ManifestEntry } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import { exampleProblems, type Dispatch, type Envelope } from './support/example-runner.ts'
import { responseChecker, routeBody } from './support/openapi.ts'
import { graphql } from './support/session-client.ts'
import { createTestDatabase, testProvider, type TestDatabase } from './support/database.ts'
import { BASE } from './support/client.ts'
import { deliver, standardHeaders } from './support/webhooks.ts'
import { connectMcp } from './support/mcp-client.ts'
import { packedPackage } from './support/packed-package.ts'
import { createArticle, signInMember as signInSecondHost } from './support/second-host-site.ts'
import { keyDispatch, manifestOperations, shellEnv, startInstalledSite, type InstalledSite } from './support/installed-site.ts'

/**
 * The package installed into another Keystone site the way any project would get it: packed
 * (`npm pack`, whose prepack builds dist/), installed from the tarball into hosts/second, then
 * `keystone build --no-ui`, the package's own CLI (`svc-control-plane migrate`, `create-admin`,
 * `mint-key`) and `keystone start --no-ui`, all in that folder. The site's accounts (`Member`: cuid ids,
 * an isAdmin checkbox) and posts (`Article`) look nothing like the demo host's.
 */
const SECOND = 1000
const MINUTE = 60 * SECOND
const ROOT = process.cwd()
const HOST = path.join(ROOT, 'hosts/second')
const KEYSTONE = path.join(ROOT, 'node_modules/@keystone-6/core/bin/cli.js')
const CLI = path.join(HOST, 'node_modules/.bin/svc-control-plane')
const PACKAGE = 'keystone-svc-control-plane'
/**
 * Peers of the package: they must come from the repository's node_modules, never a copy of their own.
 * (`zod` is a peer too, but the MCP server the package depends on brings it, so npm may place that copy here.)
 */
const PEERS = ['@keystone-6/core', '@keystar/ui', '@prisma/client', 'graphql', 'next', 'react', '@prisma/adapter-better-sqlite3', '@prisma/adapter-pg', 'better-sqlite3', 'pg']

const execFileAsync = promisify(execFile)

type SecondDatabase = { url: string, drop (): Promise<void> }

/** SQLite: a file under hosts/second/var (the site's own folder); PostgreSQL: a fresh database of the suite's server. */
async function secondDatabase (): Promise<SecondDatabase> {
  if (testProvider !== 'sqlite') return await createTestDatabase() satisfies TestDatabase
  const name = `e2e-${randomUUID()}.db`
  const file = path.join(HOST, 'var', name)
  return { url: `file:./var/${name}`, drop: async () => { await Promise.all([file, `${file}-wal`, `${file}-shm`].map(f => rm(f, { force: true }))) } }
}

let database: SecondDatabase
let varDir: string
const secrets = { SESSION_SECRET: randomBytes(32).toString('base64'), SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex') }

/** A shell's environment in the site's folder: its database, its var folder, its secrets. */
const childEnv = (overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => shellEnv({ DATABASE_URL: database.url, SVC_VAR_DIR: varDir, ...secrets, ...overrides })

async function inHost (file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return execFileAsync(file, args, { cwd: HOST, env: childEnv(env), maxBuffer: 64 * 1024 * 1024 })
}

/** `npx svc-control-plane …` in the site's folder: the bin npm linked from the installed package. */
const cli = (...args: string[]) => inHost(process.execPath, [CLI, ...args])

/** `keystone start --no-ui` in hosts/second. */
const startSite = (env: NodeJS.ProcessEnv = {}): Promise<InstalledSite> => startInstalledSite({ what: 'the second host', cwd: HOST, keystone: KEYSTONE, env: childEnv(env), adminUi: false })

const admin = { email: 'editor-in-chief@second.test', password: `pw-${randomBytes(12).toString('hex')}` }
let site: InstalledSite
let apiKey = ''
let adminCookie = ''
let memberId = ''

const signInMember = (email: string, password: string) => signInSecondHost(site.url, email, password)

const dispatch: Dispatch = body => keyDispatch(site.url, apiKey)(body)

beforeAll(async () => {
  varDir = await mkdtemp(path.join(tmpdir(), 'svc-second-'))
  database = await secondDatabase()
  // Packed once per run and shared with the starter's test; the tarball is what a registry would serve.
  const tarball = await packedPackage(childEnv())
  await rm(path.join(HOST, 'node_modules'), { recursive: true, force: true })
  await inHost('npm', ['install', '--no-save', '--legacy-peer-deps', '--no-audit', '--no-fund', tarball])
  // The generated Prisma client is built for the provider of DATABASE_URL. No Admin UI: Keystone's
  // starter (starter-host.e2e) proves the package's pages build and serve in another site, and
  // the Next.js build is most of an installed site's time.
  await inHost(process.execPath, [KEYSTONE, 'build', '--no-ui'])
  await cli('migrate')
  await cli('create-admin', '--email', admin.email, '--password', admin.password, '--name', 'Editor in Chief')
  const minted = await cli('mint-key', '--email', admin.email, '--label', 'second host suite')
  apiKey = minted.stdout.trimEnd().split('\n').at(-1)!
  site = await startSite()
  const signedIn = await signInMember(admin.email, admin.password)
  memberId = signedIn.result?.item?.id
  adminCookie = signedIn.cookie ?? ''
}, 15 * MINUTE)

afterAll(async () => {
  await site?.stop()
  await database?.drop()
  if (varDir) await rm(varDir, { recursive: true, force: true })
}, MINUTE)

describe('the packed package in another Keystone project', () => {
  test('npm installs the package and its own dependencies into hosts/second; its peers resolve from the repository', async () => {
    const installed = JSON.parse(await readFile(path.join(HOST, 'node_modules', PACKAGE, 'package.json'), 'utf8'))
    expect(installed.name).toBe(PACKAGE)
    expect(existsSync(path.join(HOST, 'node_modules', PACKAGE, 'src'))).toBe(false)
    for (const peer of PEERS) expect({ peer, installed: existsSync(path.join(HOST, 'node_modules', peer)) }).toEqual({ peer, installed: false })
    // Everything else npm put there is a dependency of the package, or of one of them (peers are not installed).
    const closure = new Set<string>()
    const visit = async (name: string, from: string) => {
      let dir = from
      while (!existsSync(path.join(dir, 'node_modules', name)) && dir.startsWith(HOST + path.sep)) dir = path.dirname(dir)
      const manifest = path.join(dir, 'node_modules', name, 'package.json')
      if (closure.has(manifest) || !existsSync(manifest)) return
      closure.add(manifest)
      const { dependencies = {}, optionalDependencies = {} } = JSON.parse(await readFile(manifest, 'utf8'))
      for (const dependency of Object.keys({ ...dependencies, ...optionalDependencies })) await visit(dependency, path.dirname(manifest))
    }
    await visit(PACKAGE, HOST)
    const topLevel = (await readdir(path.join(HOST, 'node_modules'))).filter(entry => !entry.startsWith('.'))
    const names = (await Promise.all(topLevel.map(async entry => entry.startsWith('@') ? (await readdir(path.join(HOST, 'node_modules', entry))).map(name => `${entry}/${name}`) : [entry]))).flat()
    expect(names.filter(name => !closure.has(path.join(HOST, 'node_modules', name, 'package.json')))).toEqual([])
  })

  // The declarations read nothing of the provider: the SQLite run proves it, and the PostgreSQL run spares the compile.
  ;(testProvider === 'sqlite' ? test : test.skip)('the package\'s declarations type the site: its keystone.ts and schema type-check against the installed package', async () => {
    await inHost(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'])
  }, 2 * MINUTE)

  test('the site imports nothing of this repository but the package, by name', async () => {
    const sources = (await readdir(HOST)).filter(file => /\.ts$/.test(file))
    const imports = (await Promise.all(sources.map(async file => [...(await readFile(path.join(HOST, file), 'utf8')).matchAll(/from '([^']+)'/g)].map(match => match[1]!)))).flat()
    expect(imports.filter(specifier => specifier.startsWith('../') || specifier.includes('packages/'))).toEqual([])
    expect(imports).toEqual(expect.arrayContaining([PACKAGE, `${PACKAGE}/database`]))
  })

  test('create-admin wrote the member through Keystone: the password was hashed, isAdmin set, and it signs in', async () => {
    expect(memberId).toEqual(expect.stringMatching(/^c[a-z0-9]{20,}$/))
    const { result } = await signInMember(admin.email, admin.password)
    expect(result?.item).toEqual({ id: memberId, isAdmin: true })
    expect((await signInMember(admin.email, 'not the password')).result?.message).toEqual(expect.any(String))
  })

  test('create-admin leaves a member who is not an administrator alone unless --promote is given', async () => {
    const email = `writer-${randomUUID().slice(0, 8)}@second.test`
    const created = await graphql(site.url, 'mutation ($data: MemberCreateInput!) { createMember(data: $data) { id } }',
      { data: { name: 'Writer', email, password: 'a writer password', isAdmin: false } }, adminCookie)
    expect(created.body.errors).toBeUndefined()
    await expect(cli('create-admin', '--email', email, '--password', 'a new long password')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${email} belongs to an existing non-administrator account; nothing was changed`),
    })
    const promoted = await cli('create-admin', '--email', email, '--password', 'a new long password', '--promote')
    expect(promoted.stdout).toContain(`promoted ${email} from non-administrator to administrator`)
    expect((await signInMember(email, 'a new long password')).result?.item).toMatchObject({ isAdmin: true })
  }, MINUTE)

  test('mint-key for an unknown e-mail fails with a clear message', async () => {
    await expect(cli('mint-key', '--email', 'nobody@second.test', '--label', 'x')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account with e-mail nobody@second.test'),
    })
  }, MINUTE)

  test('migrate again has nothing to do', async () => {
    const { stdout } = await cli('migrate')
    // The site's own migrations: the package's tables as this site generated them, one file per change.
    const migrations = (await readdir(path.join(HOST, 'migrations', testProvider))).filter(name => name.endsWith('.sql'))
    expect(stdout).toContain(`${testProvider} database is up to date (${migrations.length} migrations)`)
  }, MINUTE)
})

describe('every operation in the second host\'s manifest, by its examples', () => {
  /** What the examples' fixture placeholders stand for: the calling member and an article of the site. */
  async function exampleFixtures () {
    return { account: { id: memberId }, post: { id: await createArticle(site.url, adminCookie, 'Examples fixture') } }
  }

  /** Every example this site is offered runs: those needing a part its posts lack (an excerpt, a `pending` state) are not offered. */
  async function runEveryExample (operations: readonly ManifestEntry[], door: Dispatch): Promise<string[]> {
    const problems = await exampleProblems(operations, door, await exampleFixtures())
    // sessions.revoke's example signs the calling member out everywhere: sign in again for what follows.
    adminCookie = (await signInMember(admin.email, admin.password)).cookie ?? ''
    return problems
  }

  test('through dispatch, each answers ok or the refusal it names; none needs a part the site lacks', async () => {
    const operations = await manifestOperations(site.url, apiKey)
    expect(operations.length).toBeGreaterThan(50)
    const byName = new Map(operations.map(operation => [operation.name, operation]))
    // The demo host's examples that need an excerpt or a `pending` state are not offered here; the ones that fit are.
    expect(byName.get('pipelines.create_recipe')!.examples.map(example => example.title)).toEqual(['Tidy headings and add anchors to every post, on publish'])
    expect(byName.get('content_sources.update')!.examples.map(example => example.title)).toEqual(['Rename a source and pause it'])
    expect(await runEveryExample(operations, dispatch)).toEqual([])
  }, 5 * MINUTE)

  test('through each operation\'s own route, the same, and every response conforms to the OpenAPI document', async () => {
    const operations = await manifestOperations(site.url, apiKey)
    const document = await request(site.url).get(`${BASE}/openapi.json`).set('Authorization', `Bearer ${apiKey}`)
    expect(document.status).toBe(200)
    const check = responseChecker(document.body)
    const byName = new Map(operations.map(operation => [operation.name, operation]))
    const nonconforming: string[] = []
    const route: Dispatch = async ({ resource, action, params, confirm }) => {
      const routePath = `/manage/${resource}/${action}`
      const res = await request(site.url).post(`${BASE}${routePath}`).set('Authorization', `Bearer ${apiKey}`)
        .send(routeBody(byName.get(`${resource}.${action}`)!, params as Record<string, unknown>, confirm))
      const problem = check('post', routePath, res.status, res.body)
      if (problem) nonconforming.push(problem)
      return { status: res.status, body: res.body as Envelope }
    }
    expect(await runEveryExample(operations, route)).toEqual([])
    expect(nonconforming).toEqual([])
  }, 5 * MINUTE)
})

describe('content into the site\'s Article list', () => {
  async function ok (resource: string, action: string, params: Record<string, unknown> = {}) {
    const { status, body } = await dispatch({ resource, action, params })
    expect({ operation: `${resource}.${action}`, status, ok: body.ok, error: body.error }).toEqual({ operation: `${resource}.${action}`, status: 200, ok: true, error: null })
    return body.data
  }

  test('content source → signed delivery → approved mapping → an Article → pipelines.run dry, real, then skipped', async () => {
    const source = await ok('content_sources', 'create', { name: `Wire ${randomUUID().slice(0, 8)}`, auth_mode: 'hmac' })
    const story = (n: number) => ({ headline: `Wire story ${n}`, body: `<h1>Wire story ${n}</h1><p>The first paragraph of wire story ${n} says what happened.</p>` })
    const signed = (body: object) => standardHeaders(source.secret, `msg_${randomUUID()}`, new Date(), body)
    const sample = await deliver(site.url, source.slug, story(1), signed(story(1)))
    expect([sample.status, sample.body.data?.status]).toEqual([202, 'held'])
    expect(await ok('content_sources', 'approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'body' } }))
      .toMatchObject({ mapping_status: 'approved', processed_deliveries: 1 })
    const delivered = await deliver(site.url, source.slug, story(2), signed(story(2)))
    expect([delivered.status, delivered.body.data?.status]).toEqual([200, 'created'])
    const postId = delivered.body.data.post_id
    expect(postId).toEqual(expect.stringMatching(/^c[a-z0-9]{20,}$/))

    const article = await graphql(site.url, 'query ($id: ID!) { article(where: { id: $id }) { title body { document } slug status } }', { id: postId }, adminCookie)
    expect(article.body.data?.article).toMatchObject({ title: 'Wire story 2', slug: expect.any(String) })
    // Ingest wrote document nodes, not HTML: the paragraph is a node with its text.
    expect(article.body.data.article.body.document).toEqual(expect.arrayContaining([
      { type: 'paragraph', children: [{ text: 'The first paragraph of wire story 2 says what happened.' }] },
    ]))

    expect(await ok('pipelines', 'run', { post_id: postId, dry_run: true })).toMatchObject({ status: 'dry_run', post_id: postId })
    const real = await ok('pipelines', 'run', { post_id: postId })
    expect(real).toMatchObject({ status: 'success', post_id: postId })
    expect(await ok('pipelines', 'run', { post_id: postId })).toMatchObject({ status: 'skipped', post_id: postId })
    expect(await ok('pipelines', 'get_run', { id: real.run_id })).toMatchObject({ id: real.run_id, post_id: postId, status: 'success' })
    const runs = await ok('pipelines', 'list_runs', { post_id: postId })
    expect(runs.items.map((item: { status: string }) => item.status)).toEqual(['skipped', 'success', 'dry_run'])
  }, 2 * MINUTE)
})

describe('MCP on the second host', () => {
  test('a stock MCP client connects with a member\'s key, lists every operation as a tool and runs one on the Article list', async () => {
    const title = `MCP fixture ${randomUUID().slice(0, 8)}`
    const article = await graphql(site.url, 'mutation ($data: ArticleCreateInput!) { createArticle(data: $data) { id } }', {
      data: { title, slug: `mcp-${randomUUID().slice(0, 8)}`, body: [{ type: 'paragraph', children: [{ text: 'Listed through MCP.' }] }] },
    }, adminCookie)
    expect(article.body.errors).toBeUndefined()
    const client = await connectMcp(site.url, apiKey)
    try {
      const { tools } = await client.listTools()
      expect(tools.map(tool => tool.name)).toEqual(expect.arrayContaining(['status-get', 'pipelines-list_posts', 'content_sources-create']))
      const result = await client.callTool({ name: 'pipelines-list_posts', arguments: { search: title } })
      expect(result.isError).toBeFalsy()
      // The cuid of the Article, as the host's id type gives it.
      expect(JSON.parse(JSON.stringify(result.structuredContent))).toMatchObject({ posts: [{ id: article.body.data.createArticle.id, title }] })
    } finally {
      await client.close()
    }
  }, MINUTE)
})

describe('the same site without posts (SECOND_HOST_CONTENT=off → host.content: false)', () => {
  test('starts, and its manifest offers no content source or pipeline operation', async () => {
    const withoutContent = await startSite({ SECOND_HOST_CONTENT: 'off' })
    try {
      const names = (await manifestOperations(withoutContent.url, apiKey)).map(operation => operation.name)
      expect(names).toEqual(expect.arrayContaining(['status.get', 'api_keys.mint', 'crm.list']))
      expect(names.filter(name => /^(content_sources|pipelines)\./.test(name))).toEqual([])
      const modules = await request(withoutContent.url).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${apiKey}`).send({ resource: 'modules', action: 'list' })
      expect(modules.body.data.modules.find((item: { key: string }) => item.key === 'pipelines')).toMatchObject({ available: false, reason: expect.stringContaining('host.content') })
      const mcp = await connectMcp(withoutContent.url, apiKey)
      try {
        const tools = (await mcp.listTools()).tools.map(tool => tool.name)
        expect(tools).toEqual(expect.arrayContaining(['status-get', 'crm-list']))
        expect(tools.filter(name => /^(content_sources|pipelines)-/.test(name))).toEqual([])
      } finally {
        await mcp.close()
      }
    } finally {
      await withoutContent.stop()
    }
  }, 3 * MINUTE)
})
