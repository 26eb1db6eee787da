// @svc-provider-independent: mcp.tool, mcp.content, mcp.resource and mcp.prompt are protocol shapes; nothing is stored but the audit entry every file writes (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { useTestServer } from './support/in-process-server.ts'
import { connectMcp2, listen, MCP_PATH, type Client2 } from './support/mcp-client.ts'
import { defineOperation, defineResource } from '../packages/control-plane/src/index.ts'
import { OperationRegistry } from '../packages/control-plane/src/kernel/registry/registry.ts'
import { conformanceDiagnostics } from './conformance/diagnostic-resource.ts'

/**
 * `mcp.tool`, `mcp.content`, `mcp.resource` and `mcp.prompt` (defineOperation): an operation served
 * under a tool name it chose, answered as content blocks, read as an MCP resource or got as a prompt, through the same pipeline
 * as every tool. The resource is the
 * conformance run's own fixtures (test/conformance/diagnostic-resource.ts).
 */
const plane = useTestServer({ extensions: [conformanceDiagnostics] })
let http: Awaited<ReturnType<typeof listen>>

beforeAll(async () => { http = await listen(plane.server.app) })
afterAll(async () => { await http?.close() })

async function withClient<T> (body: (client: Client2) => Promise<T>, options: Parameters<typeof connectMcp2>[2] = {}, key = plane.admin.key): Promise<T> {
  const client = await connectMcp2(http.url, key, options)
  try {
    return await body(client)
  } finally {
    await client.close()
  }
}

const call = (client: Client2, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args })

const PNG_SIGNATURE = '89504e470d0a1a0a'

describe('a tool name an operation chose (mcp.tool)', () => {
  test('is listed instead of resource-action, and the other tools keep theirs', async () => {
    const names = await withClient(async client => (await client.listTools()).tools.map(tool => tool.name))
    expect(names).toEqual(expect.arrayContaining(['test_simple_text', 'test_image_content', 'test_error_handling', 'crm-create', 'notes-add']))
    expect(names).not.toContain('conformance-simple_text')
    expect(names).not.toContain('conformance-image_content')
  })

  test('is callable by that name on both revisions, and not as resource-action', async () => {
    for (const revision of ['modern', 'legacy'] as const) {
      const result = await withClient(client => call(client, 'test_simple_text'), { revision })
      expect(result.content).toEqual([{ type: 'text', text: 'This is a simple text response for testing.' }])
      await expect(withClient(client => call(client, 'conformance-simple_text'), { revision })).rejects.toThrow(/unknown tool "conformance-simple_text"/)
    }
  })

  test('takes the pipeline: audited under the tool name, refused to a caller without the capability', async () => {
    await withClient(client => call(client, 'test_embedded_resource'))
    const { body } = await plane.dispatch({ resource: 'audit', action: 'list', params: { channel: 'mcp', per_page: 1 } })
    expect(body.data.items[0]).toMatchObject({ operation: 'conformance.embedded_resource', channel: 'mcp', tool: 'test_embedded_resource', ok: true })
    const editor = await plane.account('editor')
    await withClient(async client => {
      expect((await client.listTools()).tools.map(tool => tool.name)).not.toContain('test_simple_text')
      const refused = await call(client, 'test_simple_text')
      expect(refused.isError).toBe(true)
      expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({ code: 'forbidden' })
    }, {}, editor.key)
  })

  test('is what the compact door searches, describes and runs', async () => {
    await withClient(async client => {
      const found = await call(client, 'search_operations', { resource: 'conformance' })
      expect((found.structuredContent as { operations: Array<{ tool: string }> }).operations.map(operation => operation.tool)).toContain('test_audio_content')
      const ran = await call(client, 'run_operation', { tool: 'test_audio_content' })
      expect(ran.content).toEqual([expect.objectContaining({ type: 'audio', mimeType: 'audio/wav' })])
    }, { path: `${MCP_PATH}/compact` })
  })

  test('is refused when it is no tool name, or when two operations choose it', () => {
    const returns = z.object({})
    const choosing = (tool: string) => ({ summary: 'Chooses its tool name.', params: z.object({}), returns, mcp: { tool }, handler: async () => ({ data: {}, changed: false }) })
    expect(() => defineResource({ name: 'picky', operations: { dashed: defineOperation(choosing('picky-dashed')) } }))
      .toThrow('picky.dashed: mcp.tool "picky-dashed" must match /^[A-Za-z0-9_.]{1,64}$/ (no "-": resource-action is the default tool name)')
    expect(() => defineOperation({ resource: 'picky', action: 'long', ...choosing('x'.repeat(65)) })).toThrow(/picky\.long: mcp\.tool "x{65}" must match/)
    const twice = defineResource({ name: 'twice', operations: { one: defineOperation(choosing('same_tool')), two: defineOperation(choosing('same_tool')) } })
    expect(() => new OperationRegistry(twice.operations)).toThrow('operations twice.one and twice.two both choose the MCP tool name "same_tool"')
  })
})

describe('content blocks for a result (mcp.content)', () => {
  test('an image, audio, an embedded resource or several answer as those blocks, the data still structured', async () => {
    await withClient(async client => {
      const image = await call(client, 'test_image_content')
      expect(image.content).toEqual([{ type: 'image', mimeType: 'image/png', data: expect.any(String) }])
      const [block] = image.content as Array<{ data: string }>
      expect(Buffer.from(block!.data, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE)
      expect(image.structuredContent).toEqual({ text: block!.data })
      const embedded = await call(client, 'test_embedded_resource')
      expect(embedded.content).toEqual([{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }])
      const mixed = await call(client, 'test_multiple_content_types')
      expect(mixed.content.map(part => part.type)).toEqual(['text', 'image', 'resource'])
    })
  })

  test('a refusal stays the envelope\'s code and message as an isError text', async () => {
    const result = await withClient(client => call(client, 'test_error_handling'))
    expect(result.isError).toBe(true)
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({ code: 'bad_request', error: 'This tool intentionally returns an error for testing' })
  })

  test('an operation without it answers its data as JSON text, as before', async () => {
    const result = await withClient(client => call(client, 'variables-list'))
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }])
  })
})

describe('an operation that is also a resource (mcp.resource)', () => {
  test('is listed at its address or as a template, to callers who may run it', async () => {
    await withClient(async client => {
      const { resources } = await client.listResources()
      expect(resources.map(resource => resource.uri)).toEqual(expect.arrayContaining(['svc://manifest', 'test://static-text', 'test://static-binary']))
      expect(resources.find(resource => resource.uri === 'test://static-text')).toMatchObject({ name: 'static_text', mimeType: 'text/plain', description: 'A text resource at a fixed address.' })
      const { resourceTemplates } = await client.listResourceTemplates()
      expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'test://template/{id}/data', name: 'template_data', mimeType: 'application/json' })])
    })
    const editor = await plane.account('editor')
    await withClient(async client => {
      expect((await client.listResources()).resources).toEqual([])
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual([])
      // As the manifest is to a key without manage_options: not there.
      await expect(client.readResource({ uri: 'test://static-text' })).rejects.toThrow(/no resource test:\/\/static-text/)
    }, {}, editor.key)
  })

  test('is read by running the operation: its contents, the template\'s params, audited under its tool name', async () => {
    await withClient(async client => {
      expect((await client.readResource({ uri: 'test://static-text' })).contents)
        .toEqual([{ uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }])
      const [binary] = (await client.readResource({ uri: 'test://static-binary' })).contents as Array<{ blob: string }>
      expect(Buffer.from(binary!.blob, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE)
      expect((await client.readResource({ uri: 'test://template/a%20b/data' })).contents)
        .toEqual([{ uri: 'test://template/a%20b/data', mimeType: 'application/json', text: JSON.stringify({ id: 'a b', templateTest: true, data: 'Data for ID: a b' }) }])
      await expect(client.readResource({ uri: 'test://template/1/2/data' })).rejects.toThrow(/no resource test:\/\/template\/1\/2\/data/)
      await expect(client.readResource({ uri: 'test://template/%E0%A4%A/data' })).rejects.toThrow(/no resource test:\/\/template\/%E0%A4%A\/data/)
      await expect(client.readResource({ uri: `test://template/${'x'.repeat(65)}/data` })).rejects.toThrow(/invalid_params/)
    }, { revision: 'legacy' })
    const { body } = await plane.dispatch({ resource: 'audit', action: 'list', params: { channel: 'mcp', per_page: 2 } })
    expect(body.data.items[1]).toMatchObject({ operation: 'conformance.template_data', channel: 'mcp', tool: 'conformance-template_data', ok: true, params: { id: 'a b' } })
  })

  test('is refused at the start unless it is read-only and its template names params', () => {
    const declared = (readonly: boolean, uri: string) => defineOperation({
      resource: 'picky', action: 'page', summary: 'A page.', readonly, params: z.object({ id: z.string() }), returns: z.object({}),
      mcp: { resource: { uri, name: 'page' } }, handler: async () => ({ data: {}, changed: false }),
    })
    expect(() => declared(false, 'picky://page/{id}')).toThrow('picky.page: mcp.resource needs a readonly operation (reading a resource changes nothing)')
    expect(() => declared(true, 'picky://page/{id}/{slug}')).toThrow('picky.page: mcp.resource "picky://page/{id}/{slug}" names {slug}, which is no param')
    expect(() => declared(true, 'picky://page/{id}')).not.toThrow()
  })
})

describe('an operation that is also a prompt (mcp.prompt)', () => {
  test('is listed beside the package\'s prompt with its params as arguments, to callers who may run it', async () => {
    const prompts = await withClient(async client => (await client.listPrompts()).prompts)
    expect(prompts.map(prompt => prompt.name)).toEqual(expect.arrayContaining(['review_site_health', 'test_simple_prompt', 'test_prompt_with_image']))
    expect(prompts.find(prompt => prompt.name === 'test_prompt_with_arguments')).toEqual({
      name: 'test_prompt_with_arguments',
      description: 'A prompt that repeats its two arguments.',
      arguments: [{ name: 'arg1', description: 'First test argument', required: true }, { name: 'arg2', description: 'Second test argument', required: true }],
    })
    const editor = await plane.account('editor')
    await withClient(async client => {
      expect((await client.listPrompts()).prompts.map(prompt => prompt.name)).not.toContain('test_simple_prompt')
      await expect(client.getPrompt({ name: 'test_simple_prompt' })).rejects.toThrow(/unknown prompt "test_simple_prompt"/)
    }, {}, editor.key)
  })

  test('is got by running the operation with its arguments: the messages of its data, audited; bad arguments refused', async () => {
    await withClient(async client => {
      expect((await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'one', arg2: 'two' } })).messages)
        .toEqual([{ role: 'user', content: { type: 'text', text: 'Prompt with arguments: arg1=\'one\', arg2=\'two\'' } }])
      const embedded = await client.getPrompt({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://given' } })
      expect(embedded.messages[0]).toEqual({ role: 'user', content: { type: 'resource', resource: { uri: 'test://given', mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } })
      await expect(client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'one' } })).rejects.toThrow(/invalid_params/)
    })
    const { body } = await plane.dispatch({ resource: 'audit', action: 'list', params: { channel: 'mcp', per_page: 2 } })
    expect(body.data.items).toEqual([
      expect.objectContaining({ operation: 'conformance.prompt_with_arguments', tool: 'conformance-prompt_with_arguments', ok: false, code: 'invalid_params' }),
      expect.objectContaining({ operation: 'conformance.prompt_with_embedded_resource', tool: 'conformance-prompt_with_embedded_resource', ok: true }),
    ])
  })

  test('the compact door serves the operations\' resources and prompts too, but not the package\'s prompt, which names tools it does not list', async () => {
    await withClient(async client => {
      expect((await client.listResources()).resources.map(resource => resource.uri)).toEqual(expect.arrayContaining(['svc://manifest', 'test://static-text']))
      expect((await client.listResourceTemplates()).resourceTemplates.map(template => template.uriTemplate)).toContain('test://template/{id}/data')
      expect((await client.readResource({ uri: 'test://static-text' })).contents).toEqual([expect.objectContaining({ text: 'This is the content of the static text resource.' })])
      const prompts = (await client.listPrompts()).prompts.map(prompt => prompt.name)
      expect(prompts).toEqual(expect.arrayContaining(['test_simple_prompt', 'test_prompt_with_arguments']))
      expect(prompts).not.toContain('review_site_health')
      expect((await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'one', arg2: 'two' } })).messages).toHaveLength(1)
      await expect(client.getPrompt({ name: 'review_site_health' })).rejects.toThrow(/unknown prompt "review_site_health"/)
    }, { path: `${MCP_PATH}/compact` })
  })

  test('is refused at the start unless it is read-only, well named, not the package\'s own prompt and the only one of its name', () => {
    const prompting = (readonly: boolean, name: string) => ({
      summary: 'A prompt.', readonly, params: z.object({}), returns: z.object({}),
      mcp: { prompt: { name, messages: () => [] } }, handler: async () => ({ data: {}, changed: false }),
    })
    expect(() => defineOperation({ resource: 'picky', action: 'ask', ...prompting(false, 'ask') })).toThrow('picky.ask: mcp.prompt needs a readonly operation (getting a prompt changes nothing)')
    expect(() => defineOperation({ resource: 'picky', action: 'ask', ...prompting(true, 'ask me') })).toThrow('picky.ask: mcp.prompt name "ask me" must match /^[A-Za-z0-9_.]{1,64}$/')
    expect(() => defineOperation({ resource: 'picky', action: 'ask', ...prompting(true, 'review_site_health') })).toThrow('picky.ask: mcp.prompt name "review_site_health" is the package\'s own prompt; choose another')
    const twice = defineResource({ name: 'twice', operations: { one: defineOperation(prompting(true, 'same')), two: defineOperation(prompting(true, 'same')) } })
    expect(() => new OperationRegistry(twice.operations)).toThrow('operations twice.one and twice.two are both the MCP prompt "same"')
  })
})
