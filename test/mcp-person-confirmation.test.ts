import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { CallToolResult as CallToolResult1 } from '@modelcontextprotocol/sdk/types.js'
import { startTestServer, useTestServer } from './support/in-process-server.ts'
import { crmSlotsOf, personWho, refusalOf } from './support/person-confirmation.ts'
import { useAdminSession } from './support/use-admin-session.ts'
import { BASE } from './support/client.ts'
import { connectMcp, connectMcp2, listen, MCP_PATH, roundRobin } from './support/mcp-client.ts'

const plane = useTestServer()
const session = useAdminSession(plane)
let http: Awaited<ReturnType<typeof listen>>

beforeAll(async () => { http = await listen(plane.server.app) })
afterAll(async () => { await http?.close() })

const { newCrm, crmExists } = crmSlotsOf(plane)

/** A 2.x client at 2026-07-28 whose person answers, deleting a CRM slot with the model's confirm: true. */
async function deleteAsModel (crmNum: string, options: Parameters<typeof connectMcp2>[2]) {
  const client = await connectMcp2(http.url, plane.admin.key, options)
  try {
    return await client.callTool({ name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } })
  } finally {
    await client.close()
  }
}

describe('a destructive tool over MCP waits for a person, not the model\'s confirm: true', () => {
  test('a 2026-07-28 client whose person accepts: the form names the slot, then the slot is deleted', async () => {
    const crmNum = await newCrm('Accepted deletion')
    const person = personWho({ action: 'accept', content: { confirm: true } })
    const result = await deleteAsModel(crmNum, { person })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ crm_num: crmNum, deleted: true })
    expect(person.asked).toHaveLength(1)
    expect(person.asked[0]).toMatchObject({ mode: 'form', requestedSchema: { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } })
    expect((person.asked[0] as { message: string }).message).toBe(`crm.delete deletes CRM slot ${crmNum} "Accepted deletion" and its API key. Free a CRM slot: its fields and its API key are erased. crm_count does not go down. Run it?`)
    expect(await crmExists(crmNum)).toBe(false)
  })

  test('the form says what the call will change and who will be told, from its preview, which wrote nothing', async () => {
    const crmNum = await newCrm('Acme')
    const hooks = await Promise.all(['https://hooks.example.com/one', 'https://hooks.example.com/two'].map(async url =>
      (await plane.dispatch({ resource: 'webhooks', action: 'create', params: { url, event_types: ['crm.*'] } })).body.data.id as string))
    try {
      const outbox = await plane.server.db.svcOutboxMessage.count()
      const person = personWho({ action: 'decline' })
      refusalOf(await deleteAsModel(crmNum, { person }))
      expect((person.asked[0] as { message: string }).message).toMatch(new RegExp(`^crm\\.delete deletes CRM slot ${crmNum} "Acme" and its API key; 2 webhooks will be told\\. `))
      expect([await crmExists(crmNum), await plane.server.db.svcOutboxMessage.count()]).toEqual([true, outbox])
    } finally {
      for (const id of hooks) await plane.dispatch({ resource: 'webhooks', action: 'delete', params: { id }, confirm: true })
      await plane.dispatch({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })
    }
  })

  test('an operation that cannot be previewed keeps the form that names what it destroys', async () => {
    const person = personWho({ action: 'decline' })
    const client = await connectMcp2(http.url, plane.admin.key, { person })
    try {
      refusalOf(await client.callTool({ name: 'leads-delete', arguments: { id: 987654, confirm: true } }))
    } finally {
      await client.close()
    }
    expect((person.asked[0] as { message: string }).message).toMatch(/^leads\.delete will destroy .*, and it cannot be undone\. /)
  })

  test.each([
    ['declines', { action: 'decline' as const }],
    ['dismisses the question', { action: 'cancel' as const }],
    ['accepts with the box unticked', { action: 'accept' as const, content: { confirm: false } }],
  ])('a person who %s: the result says confirm_required, and the slot stays', async (_what, answer) => {
    const crmNum = await newCrm('Declined deletion')
    const person = personWho(answer)
    const refusal = refusalOf(await deleteAsModel(crmNum, { person }))
    expect(person.asked).toHaveLength(1)
    expect(refusal).toMatchObject({ code: 'confirm_required', details: { confirmation: 'declined' } })
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('a 2026-07-28 client without elicitation: the call is held for an administrator, the result says why, and nothing ran', async () => {
    const crmNum = await newCrm('No person to ask')
    const refusal = refusalOf(await deleteAsModel(crmNum, {}))
    expect(refusal).toMatchObject({ code: 'approval_required', details: { approval_id: expect.any(String), reason: expect.stringContaining('cannot ask a person') } })
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('a 1.x client (2025-11-25, no elicitation): held, approved by an administrator, collected with approval_id', async () => {
    const crmNum = await newCrm('Held for a 1.x client')
    const client = await connectMcp(http.url, plane.admin.key)
    try {
      const held = refusalOf(await client.callTool({ name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } }) as CallToolResult1)
      expect(held.code).toBe('approval_required')
      expect(await crmExists(crmNum)).toBe(true)
      const approvalId = held.details!.approval_id as string
      const approved = await request(session.listener).post(`${BASE}/manage/dispatch`).set('Cookie', session.cookie)
        .send({ resource: 'approvals', action: 'approve', params: { id: approvalId } })
      expect(approved.body).toMatchObject({ ok: true })
      expect(await crmExists(crmNum)).toBe(false)
      const collected = await client.callTool({ name: 'crm-delete', arguments: { approval_id: approvalId } }) as CallToolResult1
      expect(collected.isError).toBeFalsy()
      expect(collected.structuredContent).toEqual({ crm_num: crmNum, deleted: true })
    } finally {
      await client.close()
    }
  })

  test('asked on one instance, answered on the other: the sealed state opens on both and the slot is deleted once', async () => {
    const second = await startTestServer({ sharedWith: plane.server })
    const secondHttp = await listen(second.app)
    try {
      const crmNum = await newCrm('Two instances')
      const balancer = roundRobin([http.url, secondHttp.url])
      const person = personWho({ action: 'accept', content: { confirm: true } })
      const result = await deleteAsModel(crmNum, { person, fetch: balancer.fetch })
      expect(result.structuredContent).toEqual({ crm_num: crmNum, deleted: true })
      expect(new Set(balancer.served)).toEqual(new Set([http.url, secondHttp.url]))
      expect(await crmExists(crmNum)).toBe(false)
    } finally {
      await secondHttp.close()
      await second.close()
    }
  })
})

describe('the request state', () => {
  /** The raw 2026-07-28 wire: a tools/call of crm-delete with the client's capabilities, as the 2.x client sends it. */
  async function rawCall (args: Record<string, unknown>, extra: Record<string, unknown> = {}, baseUrl = http.url, key = plane.admin.key) {
    const params = {
      name: 'crm-delete',
      arguments: args,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
      },
      ...extra,
    }
    const res = await fetch(`${baseUrl}${MCP_PATH}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'crm-delete',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
    })
    return await res.json() as { result?: Record<string, unknown>, error?: { code: number, message: string } }
  }
  const accepted = { confirm: { action: 'accept', content: { confirm: true } } }

  test('is refused when altered, when sent with other arguments, and cannot delete twice when replayed', async () => {
    const crmNum = await newCrm('Sealed state')
    const other = await newCrm('Another slot')
    const asked = await rawCall({ crm_num: crmNum, confirm: true })
    expect(asked.result).toMatchObject({ resultType: 'input_required', inputRequests: { confirm: { method: 'elicitation/create' } } })
    const state = asked.result!.requestState as string

    const altered = `${state.slice(0, -4)}AAA=`
    for (const [args, requestState] of [[{ crm_num: crmNum, confirm: true }, altered], [{ crm_num: other, confirm: true }, state]] as const) {
      const refused = await rawCall(args, { inputResponses: accepted, requestState })
      expect(refused.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' })
    }
    expect(await crmExists(crmNum)).toBe(true)
    expect(await crmExists(other)).toBe(true)

    const ran = await rawCall({ crm_num: crmNum, confirm: true }, { inputResponses: accepted, requestState: state })
    expect(ran.result).toMatchObject({ structuredContent: { crm_num: crmNum, deleted: true } })
    const recreated = await newCrm('Takes the freed slot')
    expect(recreated).toBe(crmNum)
    const replayed = await rawCall({ crm_num: crmNum, confirm: true }, { inputResponses: accepted, requestState: state })
    expect(replayed.result).toMatchObject({ structuredContent: { crm_num: crmNum, deleted: true }, _meta: { 'svc/idempotent_replayed': true } })
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('runs its call once, whatever idempotency_key comes with the acceptance: a replay under a new key gets the first result', async () => {
    const crmNum = await newCrm('Accepted once')
    const asked = await rawCall({ crm_num: crmNum, confirm: true })
    const requestState = asked.result!.requestState as string
    const ran = await rawCall({ crm_num: crmNum, confirm: true, idempotency_key: 'first-try' }, { inputResponses: accepted, requestState })
    expect(ran.result).toMatchObject({ structuredContent: { crm_num: crmNum, deleted: true } })
    expect(await newCrm('Takes the freed slot again')).toBe(crmNum)
    for (const idempotencyKey of ['second-try', 'third-try']) {
      const replayed = await rawCall({ crm_num: crmNum, confirm: true, idempotency_key: idempotencyKey }, { inputResponses: accepted, requestState })
      expect(replayed.result).toMatchObject({ structuredContent: { crm_num: crmNum, deleted: true }, _meta: { 'svc/idempotent_replayed': true } })
    }
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('is refused when another key sends it, even one of the same account', async () => {
    const crmNum = await newCrm('Asked for one key')
    const minted = await plane.dispatch({ resource: 'api_keys', action: 'mint', params: { label: 'another key of the administrator' } })
    expect(minted.body.ok).toBe(true)
    const asked = await rawCall({ crm_num: crmNum, confirm: true })
    const stolen = await rawCall({ crm_num: crmNum, confirm: true }, { inputResponses: accepted, requestState: asked.result!.requestState }, http.url, minted.body.data.key as string)
    expect(stolen.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' })
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('is refused once its five minutes are over (answered on an instance whose clock is six minutes on)', async () => {
    const later = await startTestServer({ sharedWith: plane.server, controlPlane: { clock: () => new Date(Date.now() + 6 * 60 * 1000) } })
    const laterHttp = await listen(later.app)
    try {
      const crmNum = await newCrm('Answered too late')
      const asked = await rawCall({ crm_num: crmNum, confirm: true })
      const late = await rawCall({ crm_num: crmNum, confirm: true }, { inputResponses: accepted, requestState: asked.result!.requestState }, laterHttp.url)
      expect(late.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' })
      expect(await crmExists(crmNum)).toBe(true)
    } finally {
      await laterHttp.close()
      await later.close()
    }
  })

  test('a model that leaves out confirm: true is refused before any person is asked', async () => {
    const crmNum = await newCrm('Model forgot confirm')
    const person = personWho({ action: 'accept', content: { confirm: true } })
    const client = await connectMcp2(http.url, plane.admin.key, { person })
    try {
      const refusal = refusalOf(await client.callTool({ name: 'crm-delete', arguments: { crm_num: crmNum } }))
      expect(refusal.code).toBe('confirm_required')
    } finally {
      await client.close()
    }
    expect(person.asked).toHaveLength(0)
    expect(await crmExists(crmNum)).toBe(true)
  })
})
