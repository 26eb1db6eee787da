// @svc-provider-independent: 2025-era sessions and elicitation live in each instance's memory; the deletions and held approvals they lead to run on both providers in crm, key-approvals and built-server (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, type CallToolResult as CallToolResult1 } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { defineOperation } from '../packages/control-plane/src/index.ts'
import { startTestServer, useTestServer } from './support/in-process-server.ts'
import { crmSlotsOf, personWho, refusalOf } from './support/person-confirmation.ts'
import { connectMcp2, listen, MCP_PATH, type Person } from './support/mcp-client.ts'

/** A destructive host operation whose tool has a name of its own (`mcp.tool`), not `resource-action`. */
const wipes: string[] = []
const wipeSite = defineOperation({
  resource: 'site',
  action: 'wipe',
  summary: 'Wipe the site\'s scratch space.',
  destructive: true,
  // Its handler acts outside the database, which no rollback takes back: previewing it would wipe.
  notPreviewable: 'it wipes the scratch space while it runs',
  mcp: { tool: 'wipe_scratch' },
  params: z.object({}),
  returns: z.object({ wiped: z.boolean() }),
  async handler () {
    wipes.push('wiped')
    return { data: { wiped: true }, changed: true }
  },
})

const plane = useTestServer({ operations: [wipeSite] })
let http: Awaited<ReturnType<typeof listen>>

beforeAll(async () => { http = await listen(plane.server.app) })
afterAll(async () => { await http?.close() })

const { newCrm, crmExists } = crmSlotsOf(plane)

/** A 2.x client speaking 2025-11-25 (initialize, then requests in its session), deleting a CRM slot with the model's confirm: true. */
async function deleteAsLegacyModel (crmNum: string, person?: Person, baseUrl = http.url) {
  const client = await connectMcp2(baseUrl, plane.admin.key, { revision: 'legacy', ...(person ? { person } : {}) })
  try {
    return await client.callTool({ name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } })
  } finally {
    await client.close()
  }
}

/** The audit entries of crm.delete over MCP, oldest first, since the entry numbered `after` (slots are reused). */
async function deletionsAudited (after = 0): Promise<Array<{ id: number, ok: boolean, code: string | null, tool: string | null }>> {
  const res = await plane.dispatch({ resource: 'audit', action: 'list', params: { operation: 'crm.delete', channel: 'mcp', per_page: 100 } })
  const items = res.body.data.items as Array<{ id: number, ok: boolean, code: string | null, tool: string | null }>
  return items.filter(item => item.id > after).reverse()
}
const lastAudited = async () => (await deletionsAudited()).at(-1)?.id ?? 0

/** One raw 2025-11-25 POST, as a client without an SDK would send it. */
async function rawLegacy (message: Record<string, unknown>, options: { key?: string, session?: string, baseUrl?: string } = {}) {
  return await fetch(`${options.baseUrl ?? http.url}${MCP_PATH}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${options.key ?? plane.admin.key}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
      ...(options.session ? { 'Mcp-Session-Id': options.session } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  })
}
/** A destructive call in a raw 2025 session, read until the server asked its person: the stream's reader and what it carried so far. */
async function askedInSession (call: Response) {
  const stream = call.body!.pipeThrough(new TextDecoderStream()).getReader()
  let heard = ''
  while (!heard.includes('elicitation/create')) {
    const read = await stream.read()
    if (read.done) throw new Error(`the stream ended before elicitation/create: ${heard}`)
    heard += read.value
  }
  return { stream, heard }
}
const initialize = (capabilities: Record<string, unknown>, key?: string) =>
  rawLegacy({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw', version: '1.0.0' } } }, key ? { key } : {})

describe('a 2025-era client that declares elicitation is asked through elicitation/create', () => {
  test('the person accepts: the form names the slot, the slot is deleted, and the audit has the question and the run', async () => {
    const crmNum = await newCrm('Accepted over 2025')
    const person = personWho({ action: 'accept', content: { confirm: true } })
    const before = await lastAudited()
    const result = await deleteAsLegacyModel(crmNum, person)
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ crm_num: crmNum, deleted: true })
    expect(person.asked).toHaveLength(1)
    expect(person.asked[0]).toMatchObject({ mode: 'form', requestedSchema: { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } })
    expect((person.asked[0] as { message: string }).message).toMatch(new RegExp(`^crm\\.delete deletes CRM slot ${crmNum} "Accepted over 2025" and its API key\\. .* Run it\\?$`))
    expect(await crmExists(crmNum)).toBe(false)
    expect(await deletionsAudited(before)).toEqual([
      expect.objectContaining({ ok: false, code: 'person_confirmation_required', tool: 'crm-delete' }),
      expect.objectContaining({ ok: true, code: null, tool: 'crm-delete' }),
    ])
  })

  test.each([
    ['declines', { action: 'decline' as const }],
    ['dismisses the question', { action: 'cancel' as const }],
    ['accepts with the box unticked', { action: 'accept' as const, content: { confirm: false } }],
  ])('the person %s: confirm_required (declined), the slot stays, and the audit has the question and the refusal', async (_what, answer) => {
    const crmNum = await newCrm('Declined over 2025')
    const person = personWho(answer)
    const before = await lastAudited()
    const refusal = refusalOf(await deleteAsLegacyModel(crmNum, person))
    expect(person.asked).toHaveLength(1)
    expect(refusal).toMatchObject({ code: 'confirm_required', details: { confirmation: 'declined' } })
    expect(await crmExists(crmNum)).toBe(true)
    expect((await deletionsAudited(before)).map(entry => entry.code)).toEqual(['person_confirmation_required', 'confirm_required'])
  })

  test('a 1.x client that declares elicitation is asked the same way', async () => {
    const crmNum = await newCrm('Accepted by a 1.x client')
    const client = new Client({ name: 'svc-tests', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    const asked: string[] = []
    client.setRequestHandler(ElicitRequestSchema, request => {
      asked.push((request.params as { message: string }).message)
      return { action: 'accept', content: { confirm: true } }
    })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}${MCP_PATH}`), { requestInit: { headers: { Authorization: `Bearer ${plane.admin.key}` } } }))
    try {
      const result = await client.callTool({ name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } }) as CallToolResult1
      expect(result.structuredContent).toEqual({ crm_num: crmNum, deleted: true })
    } finally {
      await client.close()
    }
    expect(asked).toEqual([expect.stringContaining(`CRM slot ${crmNum}`)])
    expect(await crmExists(crmNum)).toBe(false)
  })

  test('a destructive tool with a name of its own (mcp.tool) is asked the same way, not held for an administrator', async () => {
    const person = personWho({ action: 'accept', content: { confirm: true } })
    const client = await connectMcp2(http.url, plane.admin.key, { revision: 'legacy', person })
    try {
      const result = await client.callTool({ name: 'wipe_scratch', arguments: { confirm: true } })
      expect(result.structuredContent).toEqual({ wiped: true })
    } finally {
      await client.close()
    }
    expect(person.asked).toHaveLength(1)
    expect(wipes).toEqual(['wiped'])
  })

  test('a tool that destroys nothing runs at once in the session, and nobody is asked', async () => {
    const person = personWho({ action: 'decline' })
    const client = await connectMcp2(http.url, plane.admin.key, { revision: 'legacy', person })
    try {
      const result = await client.callTool({ name: 'crm-list', arguments: {} })
      expect(result.isError).toBeFalsy()
    } finally {
      await client.close()
    }
    expect(person.asked).toHaveLength(0)
  })
})

describe('a 2025-era client that cannot ask, and sessions', () => {
  test('a 2025 client without elicitation gets no session, and its call is held for an administrator', async () => {
    const initialized = await initialize({})
    expect(initialized.status).toBe(200)
    expect(initialized.headers.get('mcp-session-id')).toBeNull()
    const crmNum = await newCrm('No person over 2025')
    const refusal = refusalOf(await deleteAsLegacyModel(crmNum))
    expect(refusal).toMatchObject({ code: 'approval_required', details: { approval_id: expect.any(String), reason: expect.stringContaining('cannot ask a person') } })
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('a session id is refused with another key (404), and with this key once altered', async () => {
    const crmNum = await newCrm('Session of one key')
    const initialized = await initialize({ elicitation: { form: {} } })
    const session = initialized.headers.get('mcp-session-id')
    expect(session).toEqual(expect.any(String))
    const minted = await plane.dispatch({ resource: 'api_keys', action: 'mint', params: { label: 'another key, same administrator' } })
    expect(minted.body.ok).toBe(true)
    const call = { id: 2, method: 'tools/call', params: { name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } } }
    for (const [key, sessionId] of [[minted.body.data.key as string, session!], [plane.admin.key, `${session!.slice(0, -4)}AAA=`]] as const) {
      const refused = await rawLegacy(call, { key, session: sessionId })
      expect(refused.status).toBe(404)
      expect(await refused.json()).toMatchObject({ error: { data: { code: 'not_found' } } })
    }
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('an answer for which no question waits is refused (conflict), and runs nothing', async () => {
    const initialized = await initialize({ elicitation: {} })
    const session = initialized.headers.get('mcp-session-id')!
    const answer = await rawLegacy({ id: 0, result: { action: 'accept', content: { confirm: true } } }, { session })
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({ error: { data: { code: 'conflict' } } })
  })

  test('the answer must reach the instance that asked: elsewhere it is refused (conflict); there, the call runs; a second destructive call meanwhile is refused (conflict)', async () => {
    const second = await startTestServer({ sharedWith: plane.server })
    const secondHttp = await listen(second.app)
    try {
      const crmNum = await newCrm('Asked on the first instance')
      const session = (await initialize({ elicitation: { form: {} } })).headers.get('mcp-session-id')!
      const deletion = { id: 2, method: 'tools/call', params: { name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } } }
      const asked = await askedInSession(await rawLegacy(deletion, { session }))
      const { stream } = asked
      let { heard } = asked
      const question = JSON.parse(/^data: (.*)$/m.exec(heard)![1]!) as { id: number, method: string }
      expect(question.method).toBe('elicitation/create')

      const meanwhile = await rawLegacy({ ...deletion, id: 3 }, { session })
      expect(meanwhile.status).toBe(409)
      const answer = { id: question.id, result: { action: 'accept', content: { confirm: true } } }
      const elsewhere = await rawLegacy(answer, { session, baseUrl: secondHttp.url })
      expect(elsewhere.status).toBe(409)
      expect(await elsewhere.json()).toMatchObject({ error: { data: { code: 'conflict' } } })
      expect(await crmExists(crmNum)).toBe(true)

      expect((await rawLegacy(answer, { session })).status).toBe(202)
      for (let read = await stream.read(); !read.done; read = await stream.read()) heard += read.value
      expect(heard).toContain('"deleted":true')
      expect(await crmExists(crmNum)).toBe(false)
    } finally {
      await secondHttp.close()
      await second.close()
    }
  })

  test('the runtime\'s stop() ends a call whose person has not answered: its stream closes, and the slot stays', async () => {
    const second = await startTestServer({ sharedWith: plane.server })
    const secondHttp = await listen(second.app)
    try {
      const crmNum = await newCrm('Stopped while asking')
      const session = (await initialize({ elicitation: { form: {} } })).headers.get('mcp-session-id')!
      const call = await rawLegacy({ id: 2, method: 'tools/call', params: { name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } } }, { session, baseUrl: secondHttp.url })
      expect(call.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const { stream } = await askedInSession(call)
      await second.close()
      while (!(await stream.read()).done);
      expect(await crmExists(crmNum)).toBe(true)
    } finally {
      await secondHttp.close()
    }
  })

  test('a narrow key holds at most 8 questions open, each in its own session; past them 429 with Retry-After, and its administrator\'s own question is still asked', async () => {
    const minted = await plane.dispatch({ resource: 'api_keys', action: 'mint', params: { label: 'crm only, opening questions', scopes: ['crm'] } })
    const narrowKey = minted.body.data.key as string
    const crmNum = await newCrm('Asked about many times')
    const deletion = { id: 2, method: 'tools/call', params: { name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } } }
    const sessionOf = async (key: string) => (await initialize({ elicitation: { form: {} } }, key)).headers.get('mcp-session-id')!
    const open: Array<{ key: string, session: string, stream: ReadableStreamDefaultReader<string>, heard: string }> = []
    const ask = async (key: string) => {
      const session = await sessionOf(key)
      open.push({ key, session, ...await askedInSession(await rawLegacy(deletion, { key, session })) })
    }
    try {
      for (let question = 0; question < 8; question++) await ask(narrowKey)
      const refused = await rawLegacy(deletion, { key: narrowKey, session: await sessionOf(narrowKey) })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('30')
      expect(await refused.json()).toMatchObject({ error: { data: { code: 'rate_limited' } } })
      await ask(plane.admin.key)
    } finally {
      // Each person declines, so every call ends and gives its place back.
      for (const { key, session, stream, heard } of open) {
        const question = JSON.parse(/^data: (.*)$/m.exec(heard)![1]!) as { id: number }
        await rawLegacy({ id: question.id, result: { action: 'decline' } }, { key, session })
        while (!(await stream.read()).done);
      }
    }
    expect(await crmExists(crmNum)).toBe(true)
  })
})
