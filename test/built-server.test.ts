import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { ensureBuilt } from '../scripts/lib/build.ts'
import type { ManifestEntry } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import { startBuiltServer, startUntilExit, type BuiltServer } from './support/built-server.ts'
import { exampleProblems, type Dispatch, type Envelope } from './support/example-runner.ts'
import { responseChecker, routeBody } from './support/openapi.ts'
import { graphql, signIn } from './support/session-client.ts'
import { deliver, standardHeaders, startReceiver } from './support/webhooks.ts'
import { Webhook } from 'standardwebhooks'
import { testProvider } from './support/database.ts'
import { BASE } from './support/client.ts'
import { connectMcp, connectMcp2, MODERN_REVISION } from './support/mcp-client.ts'
import type { JsonObject } from './support/json.ts'
import { readUntil } from './support/eventually.ts'

/**
 * What `npm start` serves: scripts/start.ts in production mode, Keystone's CommonJS bundle and
 * the built Admin UI, driven over HTTP only. Jest runs the sources as ES modules; this suite is
 * where a difference between the two (an ESM-only default import, say) shows.
 */
let server: BuiltServer
let varDir: string
let accountId = ''
let adminCookie = ''
let apiKey = ''

const SECOND = 1000
const MINUTE = 60 * SECOND

const dispatch: Dispatch = async body => {
  const res = await request(server.url).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${apiKey}`).send(body)
  return { status: res.status, body: res.body as Envelope }
}

async function ok (resource: string, action: string, params: Record<string, unknown> = {}, confirm?: boolean) {
  const { status, body } = await dispatch({ resource, action, params, ...(confirm ? { confirm } : {}) })
  expect({ operation: `${resource}.${action}`, status, ok: body.ok, error: body.error }).toEqual({ operation: `${resource}.${action}`, status: 200, ok: true, error: null })
  return body.data
}

const CREATE_POST = `mutation ($data: PostCreateInput!) { createPost(data: $data) { id } }`

beforeAll(async () => {
  await ensureBuilt({ ui: true })
  varDir = await mkdtemp(path.join(tmpdir(), 'svc-built-'))
  // SQLite is the fresh-clone default: no secrets configured, development values generated
  // under var/. PostgreSQL in production refuses to start without them (tested below).
  const secrets = testProvider === 'sqlite' ? { SESSION_SECRET: undefined, SVC_ENCRYPTION_KEY: undefined } : {}
  // Loopback is let through for the webhook receiver the flows start.
  server = await startBuiltServer({ siteScheme: 'https', env: { ...secrets, SVC_VAR_DIR: varDir, SVC_OUTBOUND_ALLOW: '127.0.0.1' } })
  const signedIn = await signIn(server.url, server.admin.email, server.admin.password)
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.message}`)
  accountId = signedIn.itemId
  adminCookie = signedIn.cookie
  const minted = await request(server.url).post(`${BASE}/manage/dispatch`).set('Cookie', adminCookie)
    .send({ resource: 'api_keys', action: 'mint', params: { label: 'built-server suite' } })
  apiKey = minted.body.data.key
}, 5 * MINUTE)

afterAll(async () => {
  await server?.stop()
  if (varDir) await rm(varDir, { recursive: true, force: true })
}, MINUTE)

describe('npm start serves in production', () => {
  test('the session cookie is Secure when SITE_URL is https', async () => {
    const res = await request(server.url).post('/api/graphql').send({
      query: 'mutation ($email: String!, $password: String!) { authenticateUserWithPassword(email: $email, password: $password) { __typename } }',
      variables: { email: server.admin.email, password: server.admin.password },
    })
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find(value => value.startsWith('keystonejs-session='))
    expect(cookie).toMatch(/;\s*Secure(;|$)/i)
  })

  test('GraphQL introspection is off', async () => {
    const { body } = await graphql(server.url, '{ __schema { queryType { name } } }', {}, adminCookie)
    expect(body.data?.__schema).toBeUndefined()
    expect(body.errors?.[0]?.message).toMatch(/introspection/i)
  })

  test('the GraphQL playground is not served', async () => {
    const res = await request(server.url).get('/api/graphql').set('Accept', 'text/html')
    expect(res.text).not.toMatch(/playground/i)
    expect(res.headers['content-type'] ?? '').not.toMatch(/text\/html/)
  })

  test('GraphQL errors carry no stack trace', async () => {
    const invalid = await request(server.url).post('/api/graphql').set('Cookie', adminCookie).send({ query: '{ nosuchfield }' })
    const failed = await request(server.url).post('/api/graphql').set('Cookie', adminCookie).send({ query: CREATE_POST, variables: { data: { title: '' } } })
    for (const res of [invalid, failed]) {
      expect(res.body.errors?.length).toBeGreaterThan(0)
      expect(res.text).not.toMatch(/stacktrace|\bat .+\.(js|ts):\d+/)
    }
  })

  ;(testProvider === 'sqlite' ? test : test.skip)('on SQLite, missing secrets are generated under var/ with a warning', () => {
    for (const name of ['SESSION_SECRET', 'SVC_ENCRYPTION_KEYS']) {
      expect(server.output()).toContain(`[svc] ${name} is not set: generated a development value in ${varDir}`)
    }
  })

  test.each(['SESSION_SECRET', 'SVC_ENCRYPTION_KEY'])('with a PostgreSQL DATABASE_URL a missing %s stops the start, naming it', async missing => {
    const { code, output } = await startUntilExit({
      DATABASE_URL: 'postgresql://svc@127.0.0.1:1/svc',
      SESSION_SECRET: randomBytes(32).toString('base64'),
      SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      [missing]: undefined,
    })
    expect(code).toBe(1)
    expect(output).toContain(`[svc] cannot start: ${missing} is not set`)
  }, MINUTE)
})

describe('every operation in the manifest, by its examples', () => {
  async function manifestOperations (): Promise<ManifestEntry[]> {
    const manifest = await request(server.url).get(`${BASE}/manage/manifest`).set('Authorization', `Bearer ${apiKey}`)
    expect(manifest.status).toBe(200)
    return manifest.body.data.operations
  }

  /** What the examples' fixture placeholders stand for: the calling account and a post of its own. */
  async function exampleFixtures () {
    const post = await graphql(server.url, CREATE_POST, { data: { title: 'Examples fixture', content: '<p>The council met on Tuesday evening to vote on the new library.</p>' } }, adminCookie)
    return { account: { id: accountId }, post: { id: Number(post.body.data.createPost.id) } }
  }

  async function runEveryExample (operations: readonly ManifestEntry[], door: Dispatch): Promise<string[]> {
    const problems = await exampleProblems(operations, door, await exampleFixtures())
    // sessions.revoke's example signs the calling administrator out everywhere: sign in again for what follows.
    const signedIn = await signIn(server.url, server.admin.email, server.admin.password)
    if (!signedIn.ok) throw new Error(`sign-in after the examples failed: ${signedIn.message}`)
    adminCookie = signedIn.cookie
    return problems
  }

  test('each operation has at least one example, and in manifest order each answers ok or the refusal it names', async () => {
    const operations = await manifestOperations()
    expect(operations.length).toBeGreaterThan(60)
    expect(await runEveryExample(operations, dispatch)).toEqual([])
  }, 3 * MINUTE)

  test('through each operation\'s own route, every example answers the same way, and every response conforms to the OpenAPI document', async () => {
    const operations = await manifestOperations()
    const document = await request(server.url).get(`${BASE}/openapi.json`).set('Authorization', `Bearer ${apiKey}`)
    expect(document.status).toBe(200)
    const check = responseChecker(document.body)
    const byName = new Map(operations.map(operation => [operation.name, operation]))
    const nonconforming: string[] = []
    let checked = 0
    const route: Dispatch = async ({ resource, action, params, confirm }) => {
      const path = `/manage/${resource}/${action}`
      const res = await request(server.url).post(`${BASE}${path}`).set('Authorization', `Bearer ${apiKey}`)
        .send(routeBody(byName.get(`${resource}.${action}`)!, params as Record<string, unknown>, confirm))
      const problem = check('post', path, res.status, res.body)
      if (problem) nonconforming.push(problem)
      checked++
      return { status: res.status, body: res.body as Envelope }
    }
    expect(await runEveryExample(operations, route)).toEqual([])
    expect(nonconforming).toEqual([])
    expect(checked).toBeGreaterThanOrEqual(operations.length)
  }, 3 * MINUTE)
})

describe('end-to-end flows over the built server', () => {
  test('content source → signed delivery → approved mapping → post → pipelines.run dry, real, then skipped → get_run → list_runs', async () => {
    const source = await ok('content_sources', 'create', { name: `Flow feed ${randomUUID().slice(0, 8)}`, auth_mode: 'hmac' })
    const article = (n: number) => ({ headline: `Story ${n}`, body: `<h1>Story ${n}</h1><p>The first paragraph of story ${n} says what happened.</p>` })
    const signed = (body: object) => standardHeaders(source.secret, `msg_${randomUUID()}`, new Date(), body)
    const sample = await deliver(server.url, source.slug, article(1), signed(article(1)))
    expect([sample.status, sample.body.data?.status]).toEqual([202, 'held'])
    const approved = await ok('content_sources', 'approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'body' } })
    expect(approved).toMatchObject({ mapping_status: 'approved', processed_deliveries: 1 })
    const delivered = await deliver(server.url, source.slug, article(2), signed(article(2)))
    expect([delivered.status, delivered.body.data?.status]).toEqual([200, 'created'])
    const postId = delivered.body.data.post_id as number
    expect(postId).toEqual(expect.any(Number))
    // The bundle found the package's built mapping thread rather than falling back to the event loop.
    expect(server.output()).not.toContain('mapped on the main thread')

    const dry = await ok('pipelines', 'run', { post_id: postId, dry_run: true })
    expect(dry).toMatchObject({ status: 'dry_run', post_id: postId, recipe: 'default' })
    const real = await ok('pipelines', 'run', { post_id: postId })
    expect(real).toMatchObject({ status: 'success', post_id: postId })
    const again = await ok('pipelines', 'run', { post_id: postId })
    expect(again).toMatchObject({ status: 'skipped', post_id: postId })

    const run = await ok('pipelines', 'get_run', { id: real.run_id })
    expect(run).toMatchObject({ id: real.run_id, post_id: postId, status: 'success', is_dry_run: false, stages: expect.any(Array) })
    const runs = await ok('pipelines', 'list_runs', { post_id: postId })
    expect(runs.items.map((item: { status: string }) => item.status)).toEqual(['skipped', 'success', 'dry_run'])
    expect(runs.total).toBe(3)
  })

  test('a lead from the public form → set_status_local → verify', async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`
    const captured = await request(server.url).post(`${BASE}/public/leads`).send({ source: 'built_server_form', name: 'Reader', email })
    expect([captured.status, captured.body.ok]).toEqual([200, true])
    const { items } = await ok('leads', 'list', { source: 'built_server_form' })
    const lead = items.find((row: { ref: string }) => row.ref === captured.body.data.ref)
    expect(lead).toMatchObject({ status: 'New' })
    await ok('leads', 'set_status_local', { id: lead.id, status: 'Contacted' })
    expect(await ok('leads', 'verify', { id: lead.id })).toEqual({ id: lead.id, chain: { ok: true, count: 2, broken_at: null } })
  })

  test('a team member → linked account → send_welcome_email dry run', async () => {
    const email = `member-${randomUUID().slice(0, 8)}@example.com`
    const member = await ok('users', 'create', { full_name: 'New Colleague', email })
    await ok('users', 'link_account', { user_num: member.user_num, account_id: accountId })
    expect(await ok('users', 'send_welcome_email', { user_num: member.user_num, dry_run: true }, true))
      .toMatchObject({ eligible: true, outcome: 'dry_run', to: email })
  })

  test('a lead.* webhook subscription → public form post → the receiver verifies a signed lead.captured within a second or two', async () => {
    const receiver = await startReceiver()
    try {
      const subscription = await ok('webhooks', 'create', { url: receiver.url, event_types: ['lead.*'] })
      const email = `hooked-${randomUUID().slice(0, 8)}@example.com`
      const captured = await request(server.url).post(`${BASE}/public/leads`).send({ source: 'built_server_hook', email })
      expect(captured.status).toBe(200)
      await Promise.race([receiver.accepted(1), new Promise((_resolve, reject) => setTimeout(() => reject(new Error('no delivery within 2 s')), 2 * SECOND))])
      const event = new Webhook(subscription.secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as JsonObject
      expect(event).toMatchObject({ type: 'lead.captured', data: { ref: captured.body.data.ref, email, via: 'public_form' } })
      const log = await readUntil(() => ok('webhooks', 'list_deliveries', { id: subscription.id }), page => page.items.length > 0)
      expect(log.items[0]).toMatchObject({ event_id: event.id, status: 'succeeded', http_status: 200 })
      await ok('webhooks', 'delete', { id: subscription.id }, true)
    } finally {
      await receiver.close()
    }
  })

  test('modules.disable → the module answers module_disabled → modules.enable', async () => {
    await ok('modules', 'disable', { module: 'crm' })
    const refused = await dispatch({ resource: 'crm', action: 'list', params: {} })
    expect([refused.status, refused.body.ok, refused.body.code]).toEqual([409, false, 'module_disabled'])
    await ok('modules', 'enable', { module: 'crm' })
    await ok('crm', 'list')
  })
})

describe('the MCP endpoint in the built server', () => {
  test('a stock MCP client connects with an API key, lists the tools and runs one (the SDK from the CommonJS bundle)', async () => {
    const client = await connectMcp(server.url, apiKey)
    try {
      const { tools } = await client.listTools()
      expect(tools.map(tool => tool.name)).toEqual(expect.arrayContaining(['status-get', 'crm-create', 'notes-add']))
      const result = await client.callTool({ name: 'status-get', arguments: {} })
      expect(result.isError).toBeFalsy()
      expect(result.structuredContent).toMatchObject({ database: { ok: true } })
    } finally {
      await client.close()
    }
  })

  test('a 2026-07-28 client (the 2.x SDK, server/discover) lists the tools and runs one, on a read-only toolset URL too', async () => {
    for (const path of [`${BASE}/mcp`, `${BASE}/mcp/x/status/readonly`]) {
      const client = await connectMcp2(server.url, apiKey, { path })
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_REVISION)
        expect((await client.listTools()).tools.map(tool => tool.name)).toContain('status-get')
        const result = await client.callTool({ name: 'status-get', arguments: {} })
        expect(result.structuredContent).toMatchObject({ database: { ok: true } })
      } finally {
        await client.close()
      }
    }
  })
})
