// @svc-provider-independent: the compact door's three tools are framing over the dispatch pipeline; the operations they run run on both providers in built-server.test.ts (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from '@modelcontextprotocol/client'
import type { CallToolResult as CallToolResult1 } from '@modelcontextprotocol/sdk/types.js'
import { useTestServer } from './support/in-process-server.ts'
import { connectMcp, connectMcp2, listen, MCP_PATH, type Client2 } from './support/mcp-client.ts'

const plane = useTestServer()
let http: Awaited<ReturnType<typeof listen>>
beforeAll(async () => { http = await listen(plane.server.app) })
afterAll(async () => { await http?.close() })

const COMPACT = `${MCP_PATH}/compact`
/** `tools/list` of the full door on main before issue 41 (JSON of `{tools}`), as docs/mcp.md reports it. */
const FULL_LIST_BEFORE = { tools: 91, bytes: 235_727 }

async function with2<T> (path: string, body: (client: Client2) => Promise<T>, options: Parameters<typeof connectMcp2>[2] = {}): Promise<T> {
  const client = await connectMcp2(http.url, plane.admin.key, { ...options, path })
  try {
    return await body(client)
  } finally {
    await client.close()
  }
}

/** The bytes of `{tools}` as a 2025-06-18 `tools/list` answers them (no cache fields). */
async function listBytes (path: string): Promise<{ bytes: number, names: string[] }> {
  const res = await fetch(`${http.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${plane.admin.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  })
  const { result } = await res.json() as { result: { tools: Array<{ name: string }> } }
  return { bytes: JSON.stringify({ tools: result.tools }).length, names: result.tools.map(tool => tool.name) }
}

const dataOf = (result: CallToolResult | CallToolResult1) => {
  expect(result.isError).toBeFalsy()
  return result.structuredContent as Record<string, unknown>
}

describe('the compact door /mcp/compact', () => {
  // Per tool: a release's new operations add tools, and the rule that the surface only grows keeps the old ones as they are listed.
  test('lists three tools in under 6 KB; the full door lists a tool in at most half of what one cost before', async () => {
    const compact = await listBytes(COMPACT)
    expect(compact.names).toEqual(['search_operations', 'describe_operation', 'run_operation'])
    expect(compact.bytes).toBeLessThan(6 * 1024)
    const full = await listBytes(MCP_PATH)
    expect(full.names.length).toBeGreaterThan(80)
    expect(full.bytes / full.names.length).toBeLessThanOrEqual(FULL_LIST_BEFORE.bytes / FULL_LIST_BEFORE.tools / 2)
  })

  test('a param description three or more tools share is given once, in the instructions, not in each tool', async () => {
    const client = await connectMcp(http.url, plane.admin.key)
    try {
      const tools = (await client.listTools()).tools
      const confirmOf = (name: string) => (tools.find(tool => tool.name === name)!.inputSchema.properties as Record<string, Record<string, unknown>>).confirm
      for (const name of ['crm-delete', 'users-delete', 'api_keys-revoke']) expect(confirmOf(name)).toEqual({ type: 'boolean' })
      expect(client.getInstructions()).toContain('confirm: Must be true for this destructive operation to run.')
      expect(client.getInstructions()).toContain('crm_num (crm tools): CRM slot number')
      // A description of one tool's own stays with it.
      const mint = tools.find(tool => tool.name === 'api_keys-mint')!.inputSchema.properties as Record<string, { description?: string }>
      expect(mint.label?.description).toEqual(expect.any(String))
    } finally {
      await client.close()
    }
  })

  test('a 2.x client finds crm.list, reads its schema and runs it, getting what dispatch gets', async () => {
    await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Compact CRM', url: 'https://crm.example.com' } })
    await with2(COMPACT, async client => {
      const found = dataOf(await client.callTool({ name: 'search_operations', arguments: { query: 'list crm' } }))
      expect(found.operations).toContainEqual({ tool: 'crm-list', summary: expect.any(String) })
      const byResource = dataOf(await client.callTool({ name: 'search_operations', arguments: { resource: 'crm', read_only: true } }))
      expect((byResource.operations as Array<{ tool: string }>).map(entry => entry.tool).sort()).toEqual(['crm-get', 'crm-list'])
      const described = dataOf(await client.callTool({ name: 'describe_operation', arguments: { tool: 'crm-get' } }))
      expect(described).toMatchObject({ tool: 'crm-get', input_schema: { type: 'object', required: ['crm_num'] }, annotations: { readOnlyHint: true } })
      const ran = dataOf(await client.callTool({ name: 'run_operation', arguments: { tool: 'crm-list', arguments: {} } }))
      expect(ran).toEqual((await plane.dispatch({ resource: 'crm', action: 'list' })).body.data)
    })
  })

  test('run_operation takes the same pipeline: bad arguments are invalid_params, and a destructive one waits for the person', async () => {
    const created = await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Compact deletion', url: 'https://crm.example.com' } })
    const crmNum = created.body.data.crm_num as string
    const asked: unknown[] = []
    await with2(COMPACT, async client => {
      const refused = await client.callTool({ name: 'run_operation', arguments: { tool: 'crm-get', arguments: { crm_num: 7 } } })
      expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({ code: 'invalid_params' })
      const deleted = dataOf(await client.callTool({ name: 'run_operation', arguments: { tool: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } } }))
      expect(deleted).toEqual({ crm_num: crmNum, deleted: true })
    }, { person: question => { asked.push(question); return { action: 'accept', content: { confirm: true } } } })
    expect(asked).toHaveLength(1)
    expect((await plane.dispatch({ resource: 'crm', action: 'get', params: { crm_num: crmNum } })).status).toBe(404)
  })

  test('/mcp/compact/readonly finds and runs only read-only operations', async () => {
    await with2(`${COMPACT}/readonly`, async client => {
      const found = dataOf(await client.callTool({ name: 'search_operations', arguments: { resource: 'variables' } }))
      expect((found.operations as Array<{ tool: string }>).map(entry => entry.tool).sort()).toEqual(['variables-get', 'variables-list'])
      const refused = await client.callTool({ name: 'run_operation', arguments: { tool: 'variables-set', arguments: { name: 'compact.sneaky', value: 1 } } }).then(() => null, (error: unknown) => error)
      expect((refused as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
    })
    expect((await plane.dispatch({ resource: 'variables', action: 'get', params: { name: 'compact.sneaky' } })).status).toBe(404)
  })

  test('a 1.x client (2025-11-25) lists the three tools and runs one', async () => {
    const client = await connectMcp(http.url, plane.admin.key, { path: COMPACT })
    try {
      expect((await client.listTools()).tools).toHaveLength(3)
      expect(dataOf(await client.callTool({ name: 'run_operation', arguments: { tool: 'modules-list' } }) as CallToolResult1)).toHaveProperty('modules')
    } finally {
      await client.close()
    }
  })
})
