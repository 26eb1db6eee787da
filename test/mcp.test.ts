import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { startTestServer, useTestServer, type ActingAccount } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { sessionCookie } from './support/session-client.ts'
import { connectMcp, listen, MCP_PATH, roundRobin } from './support/mcp-client.ts'
import { defineOperation } from '../packages/control-plane/src/index.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'
import { operationOfTool } from '../packages/control-plane/src/doors/mcp/tool-name.ts'
import { allowedHostnames } from '../packages/control-plane/src/doors/mcp/dns-rebinding.ts'
import { resolveOptions } from '../packages/control-plane/src/kernel/options.ts'
import type { JsonObject } from './support/json.ts'
import { awayFromWindowEnd } from './support/rate-windows.ts'

/** A host operation whose data is a list, not an object. */
const siteTags = defineOperation({
  resource: 'site',
  action: 'tags',
  summary: 'The tags of the site.',
  readonly: true,
  params: z.object({}),
  returns: z.array(z.string()),
  handler: async () => ({ data: ['news', 'guides'], changed: false }),
})

/** A host operation with a bug: what it throws must not reach the client. */
const siteBroken = defineOperation({
  resource: 'site',
  action: 'broken',
  summary: 'Fail the way a bug does.',
  readonly: true,
  params: z.object({}),
  returns: z.object({}),
  handler: async () => { throw new Error('connection string postgres://internal-detail') },
})

const SECRET = 'mcp-must-never-show-this-5c1d'

const plane = useTestServer({ operations: [siteTags, siteBroken] })
let http: Awaited<ReturnType<typeof listen>>
let editor: ActingAccount
let client: Client
let manifest: { operations: JsonObject[] }

type ToolError = { code: string, error: string, details?: JsonObject }

const errorOf = (result: CallToolResult): ToolError => {
  expect(result.isError).toBe(true)
  const [block] = result.content
  if (block?.type !== 'text') throw new Error('a tool error carries a text block')
  return JSON.parse(block.text)
}

/** The result of a call that succeeded; its text block is the JSON of its structuredContent. */
const dataOf = (result: CallToolResult) => {
  expect(result.isError).toBeFalsy()
  const [block] = result.content
  expect(block?.type === 'text' && JSON.parse(block.text)).toEqual(result.structuredContent)
  return result.structuredContent as JsonObject
}

const call = async (name: string, args: Record<string, unknown> = {}, as = client) =>
  await as.callTool({ name, arguments: args }) as CallToolResult

/** One JSON-RPC message posted as a Streamable HTTP client would, without the SDK. */
function post (body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${http.url}${MCP_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  })
}

const withKey = (key: string) => ({ Authorization: `Bearer ${key}` })

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
})

const LIST_TOOLS = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }

beforeAll(async () => {
  http = await listen(plane.server.app)
  editor = await plane.account('editor')
  client = await connectMcp(http.url, plane.admin.key)
  manifest = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data
})
afterAll(async () => {
  await client?.close()
  await http?.close()
})

describe('connecting to the MCP endpoint', () => {
  test('the official SDK client initializes: server info, capabilities, the latest protocol version, no session', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'svc-control-plane', version: PRODUCT_VERSION })
    expect(client.getServerCapabilities()).toMatchObject({ tools: { listChanged: true }, resources: { subscribe: true }, prompts: { listChanged: true } })
    expect(client.getInstructions()).toContain('confirm: true')
    const transport = client.transport as unknown as { protocolVersion?: string, sessionId?: string }
    expect(transport.protocolVersion).toBe('2025-11-25')
    expect(transport.sessionId).toBeUndefined()
  })

  test('a client asking for 2025-06-18 gets it, and every request stands alone: no session id, no initialize needed first', async () => {
    const init = await post(initialize('2025-06-18'), withKey(plane.admin.key))
    expect(init.status).toBe(200)
    expect(init.headers.get('mcp-session-id')).toBeNull()
    expect((await init.json()).result.protocolVersion).toBe('2025-06-18')
    // What another instance behind a load balancer sees: a request of a session it never started.
    const list = await post(LIST_TOOLS, { ...withKey(plane.admin.key), 'MCP-Protocol-Version': '2025-06-18' })
    expect(list.status).toBe(200)
    expect((await list.json()).result.tools.length).toBeGreaterThan(0)
  })

  test.each(['DELETE', 'PUT'])('%s answers 405 with Allow: GET, POST (a stateless server has no session; GET is the change stream)', async method => {
    const res = await fetch(`${http.url}${MCP_PATH}`, { method, headers: { ...withKey(plane.admin.key), Accept: 'text/event-stream' } })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, POST')
    expect((await res.json()).error.data.code).toBe('method_not_allowed')
  })

  test('no key, a malformed key or a revoked key is 401 with WWW-Authenticate: Bearer, and the SDK client cannot connect', async () => {
    const revoked = await plane.account('administrator')
    await revoked.dispatch({ resource: 'api_keys', action: 'revoke', params: { id: revoked.keyId }, confirm: true })
    for (const headers of [{}, { Authorization: 'Bearer nonsense' }, withKey(revoked.key)]) {
      const res = await post(initialize('2025-11-25'), headers)
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect((await res.json()).error.data.code).toBe('unauthenticated')
    }
    await expect(connectMcp(http.url, revoked.key)).rejects.toMatchObject({ code: 401 })
  })

  test('the Admin UI session cookie does not count here', async () => {
    const cookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
    const res = await post(initialize('2025-11-25'), { Cookie: cookie })
    expect(res.status).toBe(401)
  })

  test('an account that holds no control-plane capability is 403', async () => {
    const subscriber = await plane.account('subscriber')
    const res = await post(initialize('2025-11-25'), withKey(subscriber.key))
    expect(res.status).toBe(403)
    expect((await res.json()).error.data.code).toBe('forbidden')
  })

  test('a Host or Origin naming another site is refused (DNS rebinding); loopback origins are accepted', async () => {
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${http.url}${MCP_PATH}`, {
        method: 'POST',
        headers: { ...withKey(plane.admin.key), Host: 'rebound.attacker.example', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      }, res => { res.resume(); resolve(res.statusCode ?? 0) })
      req.once('error', reject)
      req.end(JSON.stringify(LIST_TOOLS))
    })
    expect(status).toBe(403)
    const foreign = await post(LIST_TOOLS, { ...withKey(plane.admin.key), Origin: 'https://attacker.example' })
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).error.data.code).toBe('forbidden')
    expect((await post(LIST_TOOLS, { ...withKey(plane.admin.key), Origin: 'http://localhost:6274' })).status).toBe(200)
  })

  test('the host names accepted are the site\'s, loopback and SVC_MCP_ALLOWED_HOSTS; anything but a bare host name there stops startup', () => {
    const options = resolveOptions({ env: { SITE_URL: 'https://www.example.com', SVC_MCP_ALLOWED_HOSTS: 'CMS.internal, 10.0.0.7' } })
    expect(allowedHostnames(options).sort()).toEqual(['10.0.0.7', '127.0.0.1', '[::1]', 'cms.internal', 'localhost', 'www.example.com'])
    for (const host of ['https://cms.internal', 'cms.internal:8080', 'cms.internal/path']) {
      expect(() => resolveOptions({ env: {}, http: { mcpAllowedHosts: [host] } })).toThrow(/not a host name/)
    }
  })

  test('a body over the size limit is 413 and never parsed', async () => {
    const res = await post({ ...LIST_TOOLS, params: { padding: 'x'.repeat(2 * 1024 * 1024) } }, withKey(plane.admin.key))
    expect(res.status).toBe(413)
  })

  test('a protocol fault (a body that is not JSON) is a JSON-RPC parse error', async () => {
    const res = await fetch(`${http.url}${MCP_PATH}`, {
      method: 'POST',
      headers: { ...withKey(plane.admin.key), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe(ErrorCode.ParseError)
  })
})

/**
 * A tool's annotations as a client reads them, with MCP's defaults for those left out (not
 * read-only, destructive, not idempotent, open world); the last three mean something only for a
 * tool that is not read-only.
 */
function hintsOf (tool: Tool): Record<string, boolean> {
  const { readOnlyHint = false, destructiveHint = true, idempotentHint = false, openWorldHint = true } = tool.annotations ?? {}
  return readOnlyHint
    ? { readOnly: true, openWorld: openWorldHint }
    : { readOnly: false, destructive: destructiveHint, idempotent: idempotentHint, openWorld: openWorldHint }
}

describe('tools/list', () => {
  /** The administrator's list, fetched once: the SDK client compiles a validator for every output schema it lists. */
  let tools: Tool[]
  beforeAll(async () => { tools = (await client.listTools()).tools })

  test('an administrator gets every enabled operation, with its summary, schemas and flags', () => {
    const enabled = manifest.operations.filter(operation => operation.enabled)
    expect(tools).toHaveLength(enabled.length)
    const byName = new Map<string, Tool>(tools.map(tool => [tool.name, tool]))
    for (const operation of enabled) {
      const tool = byName.get(`${operation.resource}-${operation.action}`)
      expect(tool).toBeDefined()
      expect(tool!.description).toBe(operation.description)
      expect(tool!.title).toBe(operation.summary === operation.description ? undefined : operation.summary)
      const params = operation.params as { properties?: object, required?: string[] }
      expect(Object.keys(tool!.inputSchema.properties ?? {})).toEqual(Object.keys(params.properties ?? {}))
      expect(tool!.inputSchema.required).toEqual(params.required)
      expect(hintsOf(tool!)).toEqual(operation.readonly
        ? { readOnly: true, openWorld: operation.open_world }
        : { readOnly: false, destructive: operation.destructive, idempotent: operation.idempotent, openWorld: operation.open_world })
      if (operation.returns.type === 'object') {
        expect(Object.keys(tool!.outputSchema!.properties ?? {})).toEqual(Object.keys((operation.returns as { properties?: object }).properties ?? {}))
      }
    }
  })

  test('a tool\'s lean input schema accepts and refuses what the manifest\'s params schema does (every example, and common mistakes)', () => {
    const ajv = new Ajv2020({ strict: false })
    addFormats.default(ajv)
    const byName = new Map<string, Tool>(tools.map(tool => [tool.name, tool]))
    const disagreements: string[] = []
    for (const operation of manifest.operations.filter(candidate => candidate.enabled)) {
      const [full, lean] = [ajv.compile(operation.params as object), ajv.compile(byName.get(`${operation.resource}-${operation.action}`)!.inputSchema)]
      const examples = operation.examples as Array<{ params: unknown }>
      const candidates: unknown[] = [...examples.map(example => example.params), {}, { not_a_param: 1 }, { confirm: 'yes' }]
      for (const candidate of candidates) {
        if (full(candidate) !== lean(candidate)) disagreements.push(`${operation.name}: ${JSON.stringify(candidate)}`)
      }
    }
    expect(disagreements).toEqual([])
  })

  test('operations that reach outside the site are open-world tools; the rest are not', () => {
    const openWorld = tools.filter(tool => hintsOf(tool).openWorld).map(tool => tool.name).sort()
    expect(openWorld).toEqual(['ai-test', 'leads-delete', 'leads-set_status_local', 'users-send_welcome_email', 'webhooks-test'])
  })

  test('tool names match ^[a-zA-Z0-9_-]{1,64}$ and map back to their operation one to one', () => {
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
      const target = operationOfTool(tool.name)
      expect(target && `${target.resource}-${target.action}`).toBe(tool.name)
    }
    expect(new Set(tools.map(tool => tool.name)).size).toBe(tools.length)
    expect(operationOfTool('content_sources-approve_mapping')).toEqual({ resource: 'content_sources', action: 'approve_mapping' })
    for (const name of ['crm', 'crm.create', 'crm-create-x', '-create', 'crm-']) expect(operationOfTool(name)).toBeNull()
  })

  test('an editor holding only manage_notes sees the notes tools and nothing else, and no manifest resource', async () => {
    const editorClient = await connectMcp(http.url, editor.key)
    try {
      const { tools } = await editorClient.listTools()
      expect(tools.map(tool => tool.name).sort()).toEqual(['notes-add', 'notes-list', 'notes-remove'])
      expect((await editorClient.listResources()).resources).toEqual([])
      expect((await editorClient.listPrompts()).prompts).toEqual([])
    } finally {
      await editorClient.close()
    }
  })

  test('an operation whose data is not an object is described as {result} and answers {result: data}', async () => {
    const tool = tools.find(candidate => candidate.name === 'site-tags')!
    const returns = manifest.operations.find(operation => operation.name === 'site.tags')!.returns
    expect(tool.outputSchema).toMatchObject({ type: 'object', properties: { result: { type: 'array' } } })
    expect(returns.type).toBe('array')
    // The SDK client validates structuredContent against the output schema it listed.
    expect(dataOf(await call('site-tags'))).toEqual({ result: ['news', 'guides'] })
  })
})

describe('tools/call runs the operation through the dispatch pipeline', () => {
  test('a read answers the operation\'s data as structuredContent and as JSON text, as dispatch does', async () => {
    await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Read me', url: 'https://crm.example.com' } })
    const viaDispatch = await plane.dispatch({ resource: 'crm', action: 'list' })
    const result = await call('crm-list')
    expect(dataOf(result)).toEqual(viaDispatch.body.data)
    expect(result._meta).toEqual({ 'svc/changed': false })
  })

  test('a write changes the site and says so; dispatch sees the change', async () => {
    const result = await call('variables-set', { name: 'mcp.greeting', value: { text: 'hello' } })
    expect(dataOf(result)).toMatchObject({ name: 'mcp.greeting', value: { text: 'hello' } })
    expect(result._meta).toEqual({ 'svc/changed': true })
    const read = await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'mcp.greeting' } })
    expect(read.body.data.value).toEqual({ text: 'hello' })
  })

  test('a destructive tool without confirm: true is an error result naming confirm_required; with it, a client that cannot ask a person gets it held; nothing runs', async () => {
    await call('variables-set', { name: 'mcp.doomed', value: 1 })
    for (const args of [{ name: 'mcp.doomed' }, { name: 'mcp.doomed', confirm: false }]) {
      const refusal = errorOf(await call('variables-delete', args))
      expect(refusal.code).toBe('confirm_required')
      expect(refusal.error).toContain('confirm: true')
    }
    const held = errorOf(await call('variables-delete', { name: 'mcp.doomed', confirm: true }))
    expect(held).toMatchObject({ code: 'approval_required', details: { approval_id: expect.any(String) } })
    expect((await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'mcp.doomed' } })).status).toBe(200)
  })

  test('bad arguments are an error result with invalid_params and the issues', async () => {
    const missing = errorOf(await call('crm-create', {}))
    expect(missing.code).toBe('invalid_params')
    expect(missing.details?.issues).toEqual([expect.objectContaining({ path: 'name' })])
    const unknownKey = errorOf(await call('crm-create', { name: 'X', colour: 'red' }))
    expect(unknownKey.code).toBe('invalid_params')
    const wrongType = errorOf(await call('crm-get', { crm_num: 7 }))
    expect(wrongType.code).toBe('invalid_params')
  })

  test('arguments that break the input rules (U+0000, a lone surrogate, deep nesting) are refused as invalid_params', async () => {
    const nul = errorOf(await call('variables-set', { name: 'mcp.hostile', value: 'a\u0000b' }))
    expect(nul).toMatchObject({ code: 'invalid_params', details: { issues: [expect.objectContaining({ path: 'value', code: 'nul_character' })] } })
    const surrogate = errorOf(await call('variables-set', { name: 'mcp.hostile', value: { ['\ud800']: 1 } }))
    expect(surrogate).toMatchObject({ code: 'invalid_params', details: { issues: [expect.objectContaining({ code: 'lone_surrogate' })] } })
    const deep = '['.repeat(10_000) + ']'.repeat(10_000)
    const res = await fetch(`${http.url}${MCP_PATH}`, {
      method: 'POST',
      headers: { ...withKey(plane.admin.key), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"variables-set","arguments":{"name":"mcp.hostile","value":${deep}}}}`,
    })
    const { result } = await res.json()
    expect(errorOf(result)).toMatchObject({ code: 'invalid_params', details: { issues: [expect.objectContaining({ code: 'too_deep' })] } })
    expect((await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'mcp.hostile' } })).status).toBe(404)
  })

  test('a refusal of the operation itself is an error result with its code (not_found)', async () => {
    expect(errorOf(await call('crm-get', { crm_num: '999' })).code).toBe('not_found')
  })

  test('a bug in an operation is an error result saying internal error, with nothing of the bug in it', async () => {
    const result = await call('site-broken')
    expect(errorOf(result)).toEqual({ code: 'internal', error: 'internal error', request_id: expect.any(String) })
    expect(JSON.stringify(result)).not.toContain('internal-detail')
  })

  test('an unknown tool is a JSON-RPC error, not a tool result', async () => {
    for (const name of ['crm-explode', 'nothing-here', 'crm.create']) {
      const failure = await call(name).then(() => null, (error: unknown) => error)
      expect(failure).toBeInstanceOf(McpError)
      expect((failure as McpError).code).toBe(ErrorCode.InvalidParams)
    }
  })

  test('an editor calling a tool of the administrators is refused with forbidden and nothing runs', async () => {
    const editorClient = await connectMcp(http.url, editor.key)
    try {
      expect(errorOf(await call('crm-create', { name: 'Sneaky' }, editorClient)).code).toBe('forbidden')
      expect(dataOf(await call('notes-add', { title: 'From an agent', body: 'Hello' }, editorClient))).toMatchObject({ title: 'From an agent' })
    } finally {
      await editorClient.close()
    }
    const names = (await plane.dispatch({ resource: 'crm', action: 'list' })).body.data.crms.map((crm: { name: string }) => crm.name)
    expect(names).not.toContain('Sneaky')
  })

  test('secrets stay write-only: set_secret answers key_set, and the key is in no result or audit entry', async () => {
    const created = dataOf(await call('crm-create', { name: 'Keyed' }))
    const result = await call('crm-set_secret', { crm_num: created.crm_num, api_key: SECRET })
    expect(dataOf(result)).toEqual({ crm_num: created.crm_num, key_set: true })
    expect(JSON.stringify(await call('crm-get', { crm_num: created.crm_num }))).not.toContain(SECRET)
    expect(JSON.stringify(await plane.server.db.svcAuditEntry.findMany())).not.toContain(SECRET)
  })

  test('a disabled module\'s tools disappear, and calling one is refused with module_disabled', async () => {
    await plane.dispatch({ resource: 'modules', action: 'disable', params: { module: 'crm' } })
    try {
      const names = (await client.listTools()).tools.map(tool => tool.name)
      expect(names.filter(name => name.startsWith('crm-'))).toEqual([])
      expect(names).toContain('modules-enable')
      expect(errorOf(await call('crm-list')).code).toBe('module_disabled')
    } finally {
      await plane.dispatch({ resource: 'modules', action: 'enable', params: { module: 'crm' } })
    }
    expect((await client.listTools()).tools.map(tool => tool.name)).toContain('crm-list')
  })

  test('every call is audited with the channel mcp and the tool name, refusals included', async () => {
    await call('variables-set', { name: 'mcp.audited', value: true })
    await call('variables-delete', { name: 'mcp.audited' })
    await call('variables-get', { name: 'mcp.audited', extra: 1 })
    const { body } = await plane.dispatch({ resource: 'audit', action: 'list', params: { channel: 'mcp', per_page: 3 } })
    expect(body.data.items).toEqual([
      expect.objectContaining({ operation: 'variables.get', channel: 'mcp', tool: 'variables-get', ok: false, code: 'invalid_params', actor_email: plane.admin.email, mode: 'api_key', key_id: plane.admin.keyId }),
      expect.objectContaining({ operation: 'variables.delete', channel: 'mcp', tool: 'variables-delete', ok: false, changed: false, code: 'confirm_required' }),
      expect.objectContaining({ operation: 'variables.set', channel: 'mcp', tool: 'variables-set', ok: true, changed: true, code: null, params: { name: 'mcp.audited', value: true } }),
    ])
    const viaDispatch = await plane.dispatch({ resource: 'audit', action: 'list', params: { channel: 'dispatch', per_page: 1 } })
    expect(viaDispatch.body.data.items[0]).toMatchObject({ operation: 'audit.list', channel: 'dispatch', tool: null })
  })
})

describe('resources and prompts', () => {
  test('resources/templates/list is an empty list, not an unknown method', async () => {
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([])
  })

  test('svc://manifest is the manifest GET /manage/manifest serves', async () => {
    expect((await client.listResources()).resources).toEqual([expect.objectContaining({ uri: 'svc://manifest', mimeType: 'application/json' })])
    const { contents } = await client.readResource({ uri: 'svc://manifest' })
    const [content] = contents
    expect(content).toMatchObject({ uri: 'svc://manifest', mimeType: 'application/json' })
    expect(JSON.parse((content as { text: string }).text)).toEqual(manifest)
    const missing = await client.readResource({ uri: 'svc://nothing' }).then(() => null, (error: unknown) => error)
    expect(missing).toBeInstanceOf(McpError)
  })

  test('review_site_health asks the agent to call the status-get tool', async () => {
    expect((await client.listPrompts()).prompts.map(prompt => prompt.name)).toEqual(['review_site_health'])
    const { messages } = await client.getPrompt({ name: 'review_site_health' })
    expect(messages).toHaveLength(1)
    expect(messages[0]!.content).toMatchObject({ type: 'text', text: expect.stringContaining('status-get tool') })
    expect(dataOf(await call('status-get'))).toMatchObject({ product_version: PRODUCT_VERSION, database: { ok: true } })
  })
})

describe('behind a load balancer', () => {
  test('two instances on one database serve one client in turn: no request depends on the instance that answered the last', async () => {
    const second = await startTestServer({ sharedWith: plane.server })
    const secondHttp = await listen(second.app)
    const balancer = roundRobin([http.url, secondHttp.url])
    const balanced = await connectMcp(http.url, plane.admin.key, { fetch: balancer.fetch })
    try {
      for (const value of [1, 2, 3]) {
        expect(dataOf(await call('variables-set', { name: 'balanced.counter', value }, balanced))).toMatchObject({ value })
        expect(dataOf(await call('variables-get', { name: 'balanced.counter' }, balanced))).toMatchObject({ value })
      }
      expect(new Set(balancer.served)).toEqual(new Set([http.url, secondHttp.url]))
    } finally {
      await balanced.close()
      await secondHttp.close()
      await second.close()
    }
  })
})

describe('the per-key rate limit', () => {
  const limited = useTestServer({ rateLimit: { points: 2, durationSeconds: 60 } })

  test('applies to MCP requests: 429 with Retry-After beyond it', async () => {
    const limitedHttp = await listen(limited.server.app)
    await awayFromWindowEnd(60)
    try {
      const send = () => fetch(`${limitedHttp.url}${MCP_PATH}`, {
        method: 'POST',
        headers: { ...withKey(limited.admin.key), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify(LIST_TOOLS),
      })
      expect((await send()).status).toBe(200)
      expect((await send()).status).toBe(200)
      const over = await send()
      expect(over.status).toBe(429)
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await over.json()).error.data).toMatchObject({ code: 'rate_limited', details: { retry_after: expect.any(Number) } })
    } finally {
      await limitedHttp.close()
    }
  })
})
