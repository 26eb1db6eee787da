// @svc-provider-independent: revisions, headers, toolset URLs and output schemas are MCP framing; every example of every operation runs on both providers in built-server.test.ts, each response checked against the OpenAPI document (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { ProtocolError, ProtocolErrorCode, type CallToolResult, type Tool } from '@modelcontextprotocol/client'
import type { CallToolResult as CallToolResult1 } from '@modelcontextprotocol/sdk/types.js'
import { startTestServer, useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { createPost } from './support/posts.ts'
import { runExample, type Dispatch, type Envelope } from './support/example-runner.ts'
import { connectMcp, connectMcp2, listen, MCP_PATH, MODERN_REVISION, roundRobin, type Client2 } from './support/mcp-client.ts'
import { ERROR_STATUS, type ErrorCode } from '../packages/control-plane/src/platform/errors/errors.ts'
import type { ManifestEntry } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import { MCP_CACHE_HINT } from '../packages/control-plane/src/doors/mcp/server.ts'
import type { Json, JsonObject } from './support/json.ts'

const plane = useTestServer()
let http: Awaited<ReturnType<typeof listen>>
let operations: ManifestEntry[]

beforeAll(async () => {
  http = await listen(plane.server.app)
  operations = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data.operations
})
afterAll(async () => { await http?.close() })

/** Opens a 2.x client, runs the body and closes the client whatever happens. */
async function with2<T> (body: (client: Client2) => Promise<T>, options: Parameters<typeof connectMcp2>[2] = {}, key = plane.admin.key): Promise<T> {
  const client = await connectMcp2(http.url, key, options)
  try {
    return await body(client)
  } finally {
    await client.close()
  }
}

const dataOf = (result: CallToolResult | CallToolResult1) => {
  expect(result.isError).toBeFalsy()
  return result.structuredContent as JsonObject
}

const errorOf = (result: CallToolResult) => {
  expect(result.isError).toBe(true)
  return JSON.parse((result.content[0] as { text: string }).text) as { code: string, error: string, details?: JsonObject }
}

const call = async (client: Client2, name: string, args: Record<string, unknown> = {}) =>
  await client.callTool({ name, arguments: args })

/** A fetch that keeps every request and a copy of every response body, to read what went over the wire. */
function recording () {
  const exchanges: Array<{ headers: Headers, body: Json, status: number, response: Json }> = []
  const fetchLike = async (url: string | URL, init?: RequestInit) => {
    const res = await fetch(url, init)
    const text = await res.clone().text()
    exchanges.push({
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      status: res.status,
      response: text === '' ? undefined : JSON.parse(text),
    })
    return res
  }
  return { exchanges, fetch: fetchLike }
}

describe('a 2026-07-28 client (the 2.x SDK client, server/discover, no initialize)', () => {
  test('connects by server/discover alone, then lists tools, calls a read tool and a write tool', async () => {
    const wire = recording()
    await with2(async client => {
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_REVISION)
      expect(client.getServerVersion()).toMatchObject({ name: 'svc-control-plane' })
      const { tools } = await client.listTools()
      expect(tools.map(tool => tool.name)).toEqual(expect.arrayContaining(['variables-get', 'variables-set', 'crm-list']))
      expect(dataOf(await call(client, 'variables-set', { name: 'modern.greeting', value: 'hello' }))).toMatchObject({ name: 'modern.greeting', value: 'hello' })
      expect(dataOf(await call(client, 'variables-get', { name: 'modern.greeting' }))).toMatchObject({ value: 'hello' })
    }, { fetch: wire.fetch })
    const methods = wire.exchanges.map(exchange => exchange.body?.method)
    expect(methods).not.toContain('initialize')
    expect(methods[0]).toBe('server/discover')
    expect(wire.exchanges.every(exchange => exchange.headers.get('mcp-session-id') === null)).toBe(true)
    const read = await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'modern.greeting' } })
    expect(read.body.data.value).toBe('hello')
  })

  test('every request carries Mcp-Method (and Mcp-Name for a call); a header that contradicts the body is refused and nothing runs', async () => {
    const wire = recording()
    await with2(async client => { await call(client, 'variables-set', { name: 'modern.headers', value: 1 }) }, { fetch: wire.fetch })
    const sent = wire.exchanges.find(exchange => exchange.body?.method === 'tools/call')!
    expect(sent.headers.get('mcp-method')).toBe('tools/call')
    expect(sent.headers.get('mcp-name')).toBe('variables-set')
    const replay = (headers: Record<string, string>, body = { ...sent.body, params: { ...sent.body.params, arguments: { name: 'modern.tampered', value: 2 } } }) =>
      fetch(`${http.url}${MCP_PATH}`, { method: 'POST', headers: { ...Object.fromEntries(sent.headers), ...headers }, body: JSON.stringify(body) })
    for (const headers of [{ 'mcp-name': 'variables-delete' }, { 'mcp-method': 'tools/list' }] as Array<Record<string, string>>) {
      const res = await replay(headers)
      expect(res.status).toBe(400)
      expect((await res.json()).error.code).toBe(-32020)
    }
    expect((await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'modern.tampered' } })).status).toBe(404)
    expect((await replay({})).status).toBe(200)
    expect((await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'modern.tampered' } })).status).toBe(200)
  })

  test('tools/list comes in tool-name order, the same on every request, with the revision\'s cache hints', async () => {
    const wire = recording()
    const [first, second] = await with2(async client => [
      (await client.listTools(undefined, { cacheMode: 'bypass' })).tools.map(tool => tool.name),
      (await client.listTools(undefined, { cacheMode: 'bypass' })).tools.map(tool => tool.name),
    ], { fetch: wire.fetch })
    expect(first).toEqual([...first].sort((a, b) => a < b ? -1 : a > b ? 1 : 0))
    expect(second).toEqual(first)
    const listed = wire.exchanges.filter(exchange => exchange.body?.method === 'tools/list')
    expect(listed.length).toBeGreaterThanOrEqual(1)
    for (const { response } of listed) {
      expect(response.result).toMatchObject({ ttlMs: MCP_CACHE_HINT.ttlMs, cacheScope: 'private' })
    }
  })

  test('two instances on one database serve one 2026-07-28 client in turn', async () => {
    const second = await startTestServer({ sharedWith: plane.server })
    const secondHttp = await listen(second.app)
    const balancer = roundRobin([http.url, secondHttp.url])
    try {
      await with2(async client => {
        for (const value of [1, 2, 3]) {
          expect(dataOf(await call(client, 'variables-set', { name: 'modern.balanced', value }))).toMatchObject({ value })
          expect(dataOf(await call(client, 'variables-get', { name: 'modern.balanced' }))).toMatchObject({ value })
        }
      }, { fetch: balancer.fetch })
      expect(new Set(balancer.served)).toEqual(new Set([http.url, secondHttp.url]))
    } finally {
      await secondHttp.close()
      await second.close()
    }
  })
})

describe('2025-era clients on the same endpoint', () => {
  test('the 2.x client without negotiation initializes at 2025-11-25, lists tools, calls a read and a write tool', async () => {
    await with2(async client => {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25')
      expect((await client.listTools()).tools.length).toBeGreaterThan(10)
      expect(dataOf(await call(client, 'variables-set', { name: 'legacy2.greeting', value: 'hi' }))).toMatchObject({ value: 'hi' })
      expect(dataOf(await call(client, 'variables-get', { name: 'legacy2.greeting' }))).toMatchObject({ value: 'hi' })
    }, { revision: 'legacy' })
  })

  test('the 1.x client initializes, lists tools in the same order, calls a read and a write tool', async () => {
    const client = await connectMcp(http.url, plane.admin.key)
    try {
      const names = (await client.listTools()).tools.map(tool => tool.name)
      const modern = await with2(async client2 => (await client2.listTools()).tools.map(tool => tool.name))
      expect(names).toEqual(modern)
      expect(dataOf(await client.callTool({ name: 'variables-set', arguments: { name: 'legacy1.greeting', value: 'hey' } }) as CallToolResult1)).toMatchObject({ value: 'hey' })
      expect(dataOf(await client.callTool({ name: 'variables-get', arguments: { name: 'legacy1.greeting' } }) as CallToolResult1)).toMatchObject({ value: 'hey' })
    } finally {
      await client.close()
    }
  })

  test('a 2025-06-18 tools/list carries no cache fields (they belong to 2026-07-28)', async () => {
    const res = await fetch(`${http.url}${MCP_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${plane.admin.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    })
    const { result } = await res.json()
    expect(result.tools.length).toBeGreaterThan(10)
    expect(result).not.toHaveProperty('ttlMs')
  })
})

describe('structuredContent', () => {
  test('every tool\'s example call answers structuredContent that its declared outputSchema accepts', async () => {
    const ajv = new Ajv2020({ strict: false })
    addFormats.default(ajv)
    const post = await createPost(plane.server.db, { title: 'MCP examples fixture', content: '<p>The council met on Tuesday evening to vote on the new library.</p>' })
    const fixtures = { account: { id: plane.admin.id }, post: { id: post.id } }
    const checked = new Set<string>()
    const problems: string[] = []
    await with2(async client => {
      const tools = new Map<string, Tool>((await client.listTools()).tools.map(tool => [tool.name, tool]))
      /** The examples' calls, made as tool calls; a successful one is checked against the tool's outputSchema. */
      const door: Dispatch = async ({ resource, action, params, confirm }) => {
        const name = `${resource}-${action}`
        const tool = tools.get(name)
        if (!tool?.outputSchema) throw new Error(`${name} is not listed with an outputSchema`)
        const result = await call(client, name, { ...(params as Record<string, unknown>), ...(confirm ? { confirm } : {}) })
        if (result.isError) {
          const refusal = errorOf(result)
          return { status: ERROR_STATUS[refusal.code as ErrorCode], body: { ok: false, data: null, changed: false, error: refusal.error, code: refusal.code } satisfies Envelope }
        }
        const validate = ajv.compile(tool.outputSchema)
        if (!validate(result.structuredContent)) problems.push(`${name}: ${ajv.errorsText(validate.errors)}`)
        checked.add(name)
        const structured = result.structuredContent as Record<string, unknown>
        const wrapped = operations.find(operation => operation.name === `${resource}.${action}`)?.returns.type !== 'object'
        const data = wrapped ? structured.result : structured
        return { status: 200, body: { ok: true, data, changed: Boolean(result._meta?.['svc/changed']), error: null } }
      }
      for (const operation of operations.filter(candidate => candidate.enabled)) {
        for (const example of operation.examples) {
          // An example refused for want of a peer (an AI provider) checks nothing; the coverage below says which may be.
          await runExample(door, operation.name, example, fixtures).catch((error: unknown) => { problems.push(`${operation.name}: ${String(error)}`) })
        }
      }
    }, { person: () => ({ action: 'accept', content: { confirm: true } }) })
    expect(problems).toEqual([])
    // Every other tool answered at least once. ai.test needs an AI provider; approvals and connected
    // apps are managed signed in only, so a key's call to them is refused before any result.
    const sessionOnly = ['approvals.', 'connected_apps.']
    const unchecked = operations.filter(operation => operation.enabled && !checked.has(`${operation.resource}-${operation.action}`)).map(operation => operation.name)
    expect(unchecked.filter(name => name !== 'ai.test' && !sessionOnly.some(prefix => name.startsWith(prefix)))).toEqual([])
  }, 180_000)
})

describe('toolset and read-only URLs', () => {
  const at = (path: string) => `${MCP_PATH}${path}`
  const names = async (path: string, revision: 'modern' | 'legacy' = 'modern') =>
    await with2(async client => (await client.listTools()).tools, { path: at(path), revision })

  test('/mcp/readonly lists only read-only tools, and refuses a write tool as an unknown tool; nothing runs', async () => {
    const tools = await names('/readonly')
    expect(tools.length).toBeGreaterThan(5)
    expect(tools.every(tool => tool.annotations?.readOnlyHint === true)).toBe(true)
    expect(tools.map(tool => tool.name)).toContain('variables-get')
    await with2(async client => {
      const refused = await call(client, 'variables-set', { name: 'readonly.sneaky', value: 1 }).then(() => null, (error: unknown) => error)
      expect(refused).toBeInstanceOf(ProtocolError)
      expect((refused as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
      expect(dataOf(await call(client, 'variables-get', { name: 'modern.greeting' }))).toBeDefined()
    }, { path: at('/readonly') })
    expect((await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'readonly.sneaky' } })).status).toBe(404)
  })

  test('/mcp/x/{toolsets} lists only those resources\' tools, for 2026-07-28 and 2025 clients alike, and refuses the others', async () => {
    for (const revision of ['modern', 'legacy'] as const) {
      const tools = await names('/x/crm,variables', revision)
      expect(new Set(tools.map(tool => tool.name.split('-')[0]))).toEqual(new Set(['crm', 'variables']))
      const expected = operations.filter(operation => operation.enabled && ['crm', 'variables'].includes(operation.resource)).length
      expect(tools).toHaveLength(expected)
    }
    await with2(async client => {
      const refused = await call(client, 'modules-list').then(() => null, (error: unknown) => error)
      expect((refused as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
      expect(dataOf(await call(client, 'crm-list'))).toHaveProperty('crms')
    }, { path: at('/x/crm,variables') })
  })

  test('/mcp/x/{toolsets}/readonly (and /mcp/readonly/x/{toolsets}) serve the read-only tools of those resources', async () => {
    const canonical = (await names('/x/crm/readonly')).map(tool => tool.name)
    expect(canonical.length).toBeGreaterThan(0)
    expect(canonical).toEqual(operations.filter(operation => operation.enabled && operation.resource === 'crm' && operation.readonly).map(operation => `crm-${operation.action}`).sort())
    expect((await names('/readonly/x/crm')).map(tool => tool.name)).toEqual(canonical)
  })

  test('an unknown toolset is refused with 404 not_found naming it; so is an empty one', async () => {
    const post = (path: string) => fetch(`${http.url}${at(path)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${plane.admin.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    })
    const res = await post('/x/crm,nothing,gizmos')
    expect(res.status).toBe(404)
    const { error } = await res.json()
    expect(error.message).toContain('nothing, gizmos')
    expect(error.data).toMatchObject({ code: 'not_found', details: { unknown: ['nothing', 'gizmos'], toolsets: expect.arrayContaining(['crm', 'variables']) } })
    expect((await post('/x/,')).status).toBe(404)
  })

  test('the same key checks apply: no key is 401, and a toolset never widens what a key may run', async () => {
    const anonymous = await fetch(`${http.url}${at('/x/crm/readonly')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    })
    expect(anonymous.status).toBe(401)
    const editor = await plane.account('editor')
    const tools = await with2(async client => (await client.listTools()).tools, { path: at('/x/crm,notes') }, editor.key)
    expect(tools.map(tool => tool.name).sort()).toEqual(['notes-add', 'notes-list', 'notes-remove'])
  })

  test.each(['DELETE', 'PUT'])('%s on a toolset URL answers 405 with Allow: GET, POST', async method => {
    const res = await fetch(`${http.url}${at('/x/crm/readonly')}`, { method, headers: { Authorization: `Bearer ${plane.admin.key}` } })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, POST')
  })
})

describe('icons: the server\'s, and each resource\'s on its toolset URL\'s tools', () => {
  const svgOf = (src: string) => {
    expect(src).toMatch(/^data:image\/svg\+xml;base64,/)
    return Buffer.from(src.slice(src.indexOf(',') + 1), 'base64').toString()
  }

  test('server/discover and initialize name the server with its own small inline SVG', async () => {
    for (const revision of ['modern', 'legacy'] as const) {
      const icons = await with2(async client => client.getServerVersion()?.icons, { revision })
      expect(icons).toHaveLength(1)
      expect(icons![0]).toMatchObject({ mimeType: 'image/svg+xml', sizes: ['any'] })
      expect(svgOf(icons![0]!.src)).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/)
      expect(icons![0]!.src.length).toBeLessThan(1024)
    }
  })

  test('a toolset URL\'s tools carry their resource\'s icon: the one it declares, else its monogram', async () => {
    const tools = await with2(async client => (await client.listTools()).tools, { path: `${MCP_PATH}/x/crm,notes` })
    const iconOf = (tool: Tool) => { expect(tool.icons).toHaveLength(1); return svgOf(tool.icons![0]!.src) }
    const notes = tools.filter(tool => tool.name.startsWith('notes-'))
    const crm = tools.filter(tool => tool.name.startsWith('crm-'))
    expect(notes.length).toBeGreaterThan(0)
    expect(crm.length).toBeGreaterThan(0)
    // The demo host's notes resource declares its own (a sheet with a folded corner).
    for (const tool of notes) expect(iconOf(tool)).toContain('M5 3h10l4 4v14H5z')
    // crm declares none: a "C" on a colour of its own.
    for (const tool of crm) expect(iconOf(tool)).toMatch(/<text [^>]*>C<\/text><\/svg>$/)
    for (const tool of tools) expect(tool.icons![0]!.src.length).toBeLessThan(1024)
  })

  test('the full and read-only doors list no icon on their tools (the agent pays for tools/list), the server\'s icon stands for them', async () => {
    for (const path of [MCP_PATH, `${MCP_PATH}/readonly`]) {
      const tools = await with2(async client => (await client.listTools()).tools, { path })
      expect(tools.filter(tool => tool.icons !== undefined)).toEqual([])
    }
  })
})
