import { afterAll, describe, expect, test } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { createPost } from './support/posts.ts'
import { routeBody } from './support/openapi.ts'
import { runExample, type Dispatch, type Envelope } from './support/example-runner.ts'
import { connectMcp2, listen, type Client2 } from './support/mcp-client.ts'
import type { ManifestEntry } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import type { Json } from './support/json.ts'
import { ERROR_STATUS, type ErrorCode } from '../packages/control-plane/src/platform/errors/errors.ts'

/**
 * The public surface as a caller sees it — the manifest, the OpenAPI document, the response to
 * every manifest example through each door (dispatch, the per-operation route, the read form,
 * MCP tools) and the audit entries those calls left — written to `SURFACE_SNAPSHOT` with the
 * values that differ between runs (ids, timestamps, keys, durations) replaced by placeholders
 * numbered in order of appearance. With `SURFACE_BEFORE` naming an earlier snapshot, the two
 * must be equal: a refactoring that keeps the surface byte for byte passes. Without
 * `SURFACE_SNAPSHOT` the file is skipped (it restarts the server per door).
 */
const out = process.env.SURFACE_SNAPSHOT
const describeIf = out ? describe : describe.skip

const HEADERS = ['content-type', 'svc-version', 'cache-control', 'allow', 'retry-after', 'www-authenticate', 'idempotent-replayed', 'location']

/** Values that differ between runs, numbered in order of appearance so that equal ones stay equal. */
const PATTERNS: [string, RegExp][] = [
  ['email', /[a-z0-9.-]+-[0-9a-f]{8}@example\.test/g],
  ['ref', /\b(wh|evt|ld)_[a-z0-9]+/g],
  ['uuid', /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi],
  ['key', /svc_[A-Za-z0-9]+_[A-Za-z0-9_-]+/g],
  ['whsec', /whsec_[A-Za-z0-9+/=]+/g],
  ['cuid', /\bc[a-z0-9]{24}\b/g],
  ['hex', /\b[0-9a-f]{32,}\b/g],
  ['id12', /(?<![A-Za-z0-9])(?=[a-z]*\d)[a-z0-9]{12}(?![A-Za-z0-9])/g],
]
/** Values that differ between runs, and whose equality between two places depends on timing: replaced, not numbered. */
const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g
/** Fields whose value is a measurement or a random token rather than a result. */
const VOLATILE_KEYS = new Set(['request_id', 'requestId', 'secret', 'plaintext', 'key', 'token'])
const MEASURED_KEYS = new Set(['duration_ms', 'durationMs', 'elapsed_ms', 'exported_at', 'at', 'uptime_s', 'latency_ms'])
/** An API key's public id (twelve base-36 characters), which may happen to hold no digit. */
const KEY_ID = /^(svc_)?([a-z0-9]{12})$/

function normaliser () {
  const seen = new Map<string, string>()
  const stand = (kind: string, value: string) => {
    const id = `${kind}:${value}`
    if (!seen.has(id)) seen.set(id, `<${kind}#${[...seen.keys()].filter(key => key.startsWith(`${kind}:`)).length + 1}>`)
    return seen.get(id)!
  }
  const text = (value: string): string => PATTERNS.reduce((acc, [kind, pattern]) => acc.replace(pattern, match => stand(kind, match)), value.replace(TIME, '<time>'))
  const walk = (value: unknown, key?: string): unknown => {
    if (key !== undefined && MEASURED_KEYS.has(key) && value !== null && typeof value !== 'boolean') return `<${key}>`
    if (key !== undefined && VOLATILE_KEYS.has(key) && value !== null && typeof value !== 'boolean') return stand(key, JSON.stringify(value))
    if (typeof value === 'string') {
      const keyId = KEY_ID.exec(value)
      if (keyId && key !== undefined && ['id', 'parent', 'prefix', 'key_id', 'keyId'].includes(key)) return `${keyId[1] ?? ''}${stand('id12', keyId[2]!)}`
      // JSON inside a string (an MCP text content, a stored body) is normalised as JSON, so its own volatile keys are found.
      if (/^[[{]/.test(value)) {
        try { return { json: walk(JSON.parse(value) as unknown) } } catch { /* plain text */ }
      }
      return text(value)
    }
    // Roles seeded in one millisecond list in either order; the order among them is no result.
    if (Array.isArray(value) && value.every(item => typeof item === 'object' && item !== null && 'slug' in item && 'system' in item)) {
      return [...value as { slug: string }[]].sort((a, b) => a.slug.localeCompare(b.slug)).map(item => walk(item))
    }
    if (Array.isArray(value)) return value.map(item => walk(item))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]))
    return value
  }
  return walk
}

function headersOf (res: request.Response): Record<string, string> {
  return Object.fromEntries(HEADERS.filter(name => res.headers[name] !== undefined).map(name => [name, String(res.headers[name])]))
}

type Exchange = { call: string, status: number, headers?: Record<string, string>, body: unknown }

/** Runs every example of every operation through one door, recording each exchange in order. */
async function runAll (operations: readonly ManifestEntry[], fixtures: Record<string, unknown>, door: (record: Exchange[]) => Dispatch): Promise<Exchange[]> {
  const exchanges: Exchange[] = []
  const dispatch = door(exchanges)
  for (const operation of operations) {
    for (const example of operation.examples) {
      const problem = await runExample(dispatch, operation.name, example, fixtures, operation.starts_job ? 202 : 200).catch((error: unknown) => `threw ${String(error)}`)
      exchanges.push({ call: `outcome ${operation.name}`, status: 0, body: problem })
    }
  }
  return exchanges
}

const snapshot: Record<string, unknown> = {}

function useDoor (name: string, door: (plane: ReturnType<typeof useTestServer>, record: Exchange[], operations: readonly ManifestEntry[]) => Promise<Dispatch> | Dispatch) {
  describeIf(`surface through ${name}`, () => {
    const plane = useTestServer()
    test(`every example through ${name}`, async () => {
      const manifest = await request(plane.server.app).get(`${BASE}/manage/manifest`).set('Authorization', `Bearer ${plane.admin.key}`)
      const operations = (manifest.body as { data: { operations: ManifestEntry[] } }).data.operations
      if (name === 'dispatch') {
        const openapi = await request(plane.server.app).get(`${BASE}/openapi.json`).set('Authorization', `Bearer ${plane.admin.key}`)
        snapshot.manifest = { status: manifest.status, headers: headersOf(manifest), text: manifest.text }
        snapshot.openapi = { status: openapi.status, headers: headersOf(openapi), text: openapi.text }
      }
      const post = await createPost(plane.server.db, { title: 'Examples fixture', content: '<p>The council met on Tuesday evening to vote on the new library.</p>' })
      const fixtures = { account: { id: plane.admin.id }, post: { id: post.id } }
      const record: Exchange[] = []
      const dispatch = await door(plane, record, operations)
      const exchanges = await runAll(operations.filter(operation => operation.enabled !== false), fixtures, () => dispatch)
      // Interleave: each call's exchange is recorded by the door, each example's verdict by runAll.
      snapshot[`door:${name}`] = record
      snapshot[`examples:${name}`] = exchanges
      const audit = await plane.server.db.svcAuditEntry.findMany({ orderBy: { id: 'asc' } })
      snapshot[`audit:${name}`] = audit.map(({ id: _id, at: _at, durationMs: _duration, requestId, actorId, keyId, ...entry }) => ({
        ...entry, requestId: requestId === null ? null : 'set', actorId: actorId === null ? null : 'set', keyId: keyId === null ? null : 'set',
      }))
    }, 300_000)
  })
}

const envelopeOf = (res: request.Response) => ({ status: res.status, body: res.body as Envelope })

useDoor('dispatch', (plane, record) => async body => {
  const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`).send(body)
  record.push({ call: `${body.resource}.${body.action}`, status: res.status, headers: headersOf(res), body: res.text })
  return envelopeOf(res)
})

useDoor('route', (plane, record, operations) => async ({ resource, action, params, confirm }) => {
  const entry = operations.find(operation => operation.name === `${resource}.${action}`)
  const body = entry ? routeBody(entry, params as Record<string, unknown>, confirm) : params
  const res = await request(plane.server.app).post(`${BASE}/manage/${resource}/${action}`).set('Authorization', `Bearer ${plane.admin.key}`).send(body as object)
  record.push({ call: `${resource}.${action}`, status: res.status, headers: headersOf(res), body: res.text })
  return envelopeOf(res)
})

useDoor('read_form', (plane, record, operations) => async ({ resource, action, params, confirm }) => {
  const entry = operations.find(operation => operation.name === `${resource}.${action}`)
  let res: request.Response
  if (entry?.readonly) {
    res = await request(plane.server.app).get(`${BASE}/manage/${resource}/${action}`).query({ params: JSON.stringify(params) }).set('Authorization', `Bearer ${plane.admin.key}`)
  } else {
    res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`).send({ resource, action, params, ...(confirm ? { confirm } : {}) })
  }
  record.push({ call: `${entry?.readonly ? 'GET' : 'POST'} ${resource}.${action}`, status: res.status, headers: headersOf(res), body: res.text })
  return envelopeOf(res)
})

describeIf('surface through mcp', () => {
  let http: Awaited<ReturnType<typeof listen>> | undefined
  let client: Client2 | undefined
  useDoor('mcp', async (plane, record, operations) => {
    http = await listen(plane.server.app)
    client = await connectMcp2(http.url, plane.admin.key)
    const tools = (await client.listTools()).tools
    record.push({ call: 'tools/list', status: 200, body: tools })
    return async ({ resource, action, params, confirm }) => {
      const name = `${resource}-${action}`
      const result = await client!.callTool({ name, arguments: { ...(params as Record<string, unknown>), ...(confirm ? { confirm } : {}) } })
        .catch((error: unknown) => ({ protocolError: String(error) }))
      record.push({ call: name, status: 0, body: result })
      if ('protocolError' in result || result.isError) {
        const text = 'protocolError' in result ? '{}' : (result.content as { text: string }[])[0]!.text
        const refusal = JSON.parse(text) as { code?: string, error?: string }
        return { status: refusal.code ? ERROR_STATUS[refusal.code as ErrorCode] : 400, body: { ok: false, data: null, changed: false, error: refusal.error ?? null, code: refusal.code } }
      }
      const structured = result.structuredContent as Record<string, unknown>
      const wrapped = operations.find(operation => operation.name === `${resource}.${action}`)?.returns.type !== 'object'
      return { status: 200, body: { ok: true, data: (wrapped ? structured.result : structured) as Json, changed: Boolean(result._meta?.['svc/changed']), error: null } }
    }
  })
  afterAll(async () => {
    await client?.close()
    await http?.close()
  })
})

describeIf('the snapshot', () => {
  afterAll(() => {
    const normalised = normaliser()(snapshot)
    writeFileSync(out!, `${JSON.stringify(normalised, null, 1)}\n`)
  })
  test('matches SURFACE_BEFORE, when given', () => {
    const before = process.env.SURFACE_BEFORE
    if (!before) return
    const normalised = JSON.parse(JSON.stringify(normaliser()(snapshot))) as unknown
    expect(normalised).toEqual(JSON.parse(readFileSync(before, 'utf8')))
  })
})
