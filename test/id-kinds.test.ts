import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import request from 'supertest'
import type { ManifestEntry } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import type { IdFieldConfig } from '../host/config.ts'
import { startTestServer, type InProcessServer } from './support/in-process-server.ts'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { createPost } from './support/posts.ts'
import { BASE } from './support/client.ts'
import { testProvider } from './support/database.ts'
import { exampleProblems, type Dispatch, type Envelope } from './support/example-runner.ts'
import { deliver, standardHeaders } from './support/webhooks.ts'

/**
 * Keystone's id kinds, each a host whose accounts (`User`) and posts (`Post`) differ from the demo
 * host's only in `idField` (its own Prisma client and tables): the operations that read and write
 * accounts and posts run there as on the demo host, and ids cross JSON as strings whatever their kind.
 */
const KINDS: Array<{ name: string, idField: IdFieldConfig, id: RegExp }> = [
  { name: 'cuid v1', idField: { kind: 'cuid' }, id: /^c[a-z0-9]{24}$/ },
  { name: 'cuid v2', idField: { kind: 'cuid', version: 2 }, id: /^[a-z][a-z0-9]{23}$/ },
  { name: 'uuid v4', idField: { kind: 'uuid' }, id: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/ },
  { name: 'uuid v7', idField: { kind: 'uuid', version: 7 }, id: /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/ },
  { name: 'ulid', idField: { kind: 'ulid' }, id: /^[0-9A-HJKMNP-TV-Z]{26}$/ },
  { name: 'nanoid', idField: { kind: 'nanoid' }, id: /^[\w-]{21}$/ },
  { name: 'random', idField: { kind: 'random' }, id: /^[\w-]{43}$/ },
  { name: 'autoincrement Int', idField: { kind: 'autoincrement' }, id: /^[1-9]\d*$/ },
  // The host has its database default `string` and `number` ids (host/config.ts), which Keystone leaves to it.
  { name: 'string', idField: { kind: 'string' }, id: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/ },
  { name: 'number Int', idField: { kind: 'number', type: 'Int' }, id: /^[1-9]\d*$/ },
  // Keystone refuses a BigInt autoincrement on SQLite, and Prisma a BigInt default of autoincrement() there.
  ...testProvider === 'postgresql'
    ? [
        { name: 'autoincrement BigInt', idField: { kind: 'autoincrement', type: 'BigInt' } as const, id: /^[1-9]\d*$/ },
        { name: 'number BigInt', idField: { kind: 'number', type: 'BigInt' } as const, id: /^[1-9]\d*$/ },
      ]
    : [],
]

/** The resources whose operations read or write accounts and posts. */
const TOUCHING = /^(users|api_keys|content_sources|pipelines)\./

const MINUTE = 60_000

/** The fields of an answer this file reads. */
type Answer = Record<'id' | 'slug' | 'secret' | 'run_id', string>

describe.each(KINDS)('accounts and posts with $name ids', ({ idField, id }) => {
  let server: InProcessServer
  let admin: TestAccount
  let dispatch: Dispatch

  beforeAll(async () => {
    server = await startTestServer({ host: { idField } })
    admin = await createAccount(server.db)
    dispatch = async body => {
      const res = await request(server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${admin.key}`).send(body)
      return { status: res.status, body: res.body as Envelope }
    }
  }, 3 * MINUTE)
  afterAll(async () => { await server?.close() })

  async function ok (resource: string, action: string, params: Record<string, unknown> = {}): Promise<Answer> {
    const { status, body } = await dispatch({ resource, action, params })
    expect({ operation: `${resource}.${action}`, status, error: body.error }).toEqual({ operation: `${resource}.${action}`, status: 200, error: null })
    return body.data as Answer
  }

  test('an account\'s id is of the kind, and the key minted for it signs its calls', async () => {
    expect(String(admin.id)).toMatch(id)
    expect(await ok('api_keys', 'list')).toEqual(expect.anything())
  })

  test('every example of users, api_keys, content_sources and pipelines answers ok or the refusal it names', async () => {
    const manifest = await request(server.app).get(`${BASE}/manage/manifest`).set('Authorization', `Bearer ${admin.key}`)
    expect(manifest.status).toBe(200)
    const operations = (manifest.body.data.operations as ManifestEntry[]).filter(operation => TOUCHING.test(operation.name))
    expect(operations.length).toBeGreaterThan(20)
    const post = await createPost(server.db, { title: `Fixture ${randomUUID().slice(0, 8)}`, status: 'publish' })
    expect(String(post.id)).toMatch(id)
    const fixtures = { account: { id: String(admin.id) }, post: { id: String(post.id) } }
    expect(await exampleProblems(operations, dispatch, fixtures)).toEqual([])
  }, 3 * MINUTE)

  test('a signed delivery creates a post of the kind, and pipelines run over it by that id', async () => {
    const source = await ok('content_sources', 'create', { name: `Wire ${randomUUID().slice(0, 8)}`, auth_mode: 'hmac' })
    const story = (n: number) => ({ headline: `Wire story ${n}`, body: `<h1>Wire story ${n}</h1><p>The first paragraph of wire story ${n}.</p>` })
    const signed = (body: object) => standardHeaders(source.secret, `msg_${randomUUID()}`, new Date(), body)
    expect((await deliver(server.app, source.slug, story(1), signed(story(1)))).status).toBe(202)
    await ok('content_sources', 'approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'body' } })
    const delivered = await deliver(server.app, source.slug, story(2), signed(story(2)))
    expect([delivered.status, delivered.body.data?.status]).toEqual([200, 'created'])
    const postId = delivered.body.data.post_id
    // The contract's post ids are integers on a host of integer ids: a number in JSON while it is one exactly.
    const integerIds = (idField.kind === 'autoincrement' || idField.kind === 'number') && idField.type !== 'BigInt'
    expect(typeof postId).toBe(integerIds ? 'number' : 'string')
    expect(String(postId)).toMatch(id)

    expect(await ok('pipelines', 'run', { post_id: postId, dry_run: true })).toMatchObject({ status: 'dry_run', post_id: postId })
    const real = await ok('pipelines', 'run', { post_id: postId })
    expect(real).toMatchObject({ status: 'success', post_id: postId })
    expect(await ok('pipelines', 'get_run', { id: real.run_id })).toMatchObject({ post_id: postId, status: 'success' })
  }, 2 * MINUTE)
})
