import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { useTestServer } from './support/in-process-server.ts'
import { useAdminSession } from './support/use-admin-session.ts'
import { BASE, dispatcher } from './support/client.ts'
import { connectMcp, connectMcp2, listen, MCP_PATH } from './support/mcp-client.ts'

const plane = useTestServer()
const session = useAdminSession(plane)

const asSession = (body: Record<string, unknown>) =>
  request(session.listener).post(`${BASE}/manage/dispatch`).set('Cookie', session.cookie).send(body)
async function mintKey (params: Record<string, unknown>): Promise<{ id: string, key: string }> {
  const res = await asSession({ resource: 'api_keys', action: 'mint', params })
  expect(res.body).toMatchObject({ ok: true })
  return res.body.data
}
async function newCrm (name: string): Promise<string> {
  const res = await plane.dispatch({ resource: 'crm', action: 'create', params: { name, url: 'https://crm.example.com' } })
  expect(res.body).toMatchObject({ ok: true })
  return res.body.data.crm_num
}
const crmExists = async (crmNum: string) => (await plane.server.db.svcCrmSlot.count({ where: { slot: Number(crmNum) } })) === 1
const decide = (action: 'approve' | 'reject', id: string) => asSession({ resource: 'approvals', action, params: { id } })

describe('a key minted with approval: "destructive"', () => {
  test('a destructive call waits (202), runs once an administrator approves, and its result is collected once', async () => {
    const agent = await mintKey({ label: 'agent', approval: 'destructive' })
    const asAgent = dispatcher(plane.server.app, agent.key)
    const crmNum = await newCrm('Held for approval')

    const held = await asAgent({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })
    expect(held.status).toBe(202)
    expect(held.body).toMatchObject({ ok: false, data: null, code: 'approval_required', details: { approval_id: expect.any(String) } })
    const approvalId = held.body.details.approval_id as string
    expect(await crmExists(crmNum)).toBe(true)

    const stillPending = await asAgent({ resource: 'crm', action: 'delete', params: { approval_id: approvalId } })
    expect({ status: stillPending.status, code: stillPending.body.code }).toEqual({ status: 202, code: 'approval_required' })
    expect((await asSession({ resource: 'approvals', action: 'list', params: {} })).body.data.approvals)
      .toEqual(expect.arrayContaining([expect.objectContaining({ id: approvalId, operation: 'crm.delete', status: 'pending', params: { crm_num: crmNum, confirm: true } })]))

    // Neither the asking key nor any other key decides.
    for (const key of [agent.key, plane.admin.key]) {
      const refused = await dispatcher(plane.server.app, key)({ resource: 'approvals', action: 'approve', params: { id: approvalId } })
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'forbidden' })
    }
    expect(await crmExists(crmNum)).toBe(true)

    const approved = await decide('approve', approvalId)
    expect(approved.body).toMatchObject({ ok: true, data: { status: 'approved', decided_by: plane.admin.email, requested_by: plane.admin.email, key_id: agent.id, result_code: null } })
    expect(await crmExists(crmNum)).toBe(false)
    expect((await decide('approve', approvalId)).body.code).toBe('conflict')

    const collected = await asAgent({ resource: 'crm', action: 'delete', params: { approval_id: approvalId } })
    expect(collected.status).toBe(200)
    expect(collected.body).toMatchObject({ ok: true, changed: true, data: { crm_num: crmNum, deleted: true } })
    expect((await asAgent({ resource: 'crm', action: 'delete', params: { approval_id: approvalId } })).body.code).toBe('conflict')

    const audit = (await plane.dispatch({ resource: 'audit', action: 'list', params: { per_page: 20 } })).body.data.items as Record<string, unknown>[]
    expect(audit).toEqual(expect.arrayContaining([
      expect.objectContaining({ operation: 'crm.delete', code: 'approval_required', key_id: agent.id, mode: 'api_key' }),
      expect.objectContaining({ operation: 'approvals.approve', ok: true, mode: 'session', actor_email: plane.admin.email, params: { id: approvalId } }),
      // The approved call itself, as the key that asked, naming who approved it.
      expect.objectContaining({
        operation: 'crm.delete', ok: true, changed: true, code: null, key_id: agent.id, mode: 'api_key',
        params: { crm_num: crmNum, confirm: true, approval_id: approvalId, approved_by: { account_id: expect.any(String), email: plane.admin.email } },
      }),
    ]))
  })

  test('the approver sees the held call\'s preview: the rows it would write, secrets sealed, and what it would send; the preview wrote nothing', async () => {
    const agent = await mintKey({ label: 'previewed agent', approval: 'destructive' })
    const asAgent = dispatcher(plane.server.app, agent.key)
    const crmNum = await newCrm('Previewed for the approver')
    const apiKey = 'crm-key-never-shown-0123456789'
    expect((await plane.dispatch({ resource: 'crm', action: 'set_secret', params: { crm_num: crmNum, api_key: apiKey } })).body).toMatchObject({ ok: true })
    const outbox = await plane.server.db.svcOutboxMessage.count()
    const held = await asAgent({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })
    const approvalId = held.body.details.approval_id as string
    const preview = {
      operation: 'crm.delete',
      changes: [{ entity: 'SvcCrmSlot', id: expect.any(String), kind: 'delete', before: expect.objectContaining({ slot: Number(crmNum), name: 'Previewed for the approver', apiKeyCiphertext: '[sealed]' }), after: null }],
      effects: [{ kind: 'event', name: 'crm.changed' }],
      result: { crm_num: crmNum, deleted: true },
    }
    expect((await asSession({ resource: 'approvals', action: 'get', params: { id: approvalId } })).body.data).toMatchObject({ id: approvalId, preview })
    const listed = (await asSession({ resource: 'approvals', action: 'list', params: {} })).body.data.approvals as Array<{ id: string }>
    expect(listed.find(approval => approval.id === approvalId)).toMatchObject({ preview })
    expect([await crmExists(crmNum), await plane.server.db.svcOutboxMessage.count()]).toEqual([true, outbox])
    const stored = await plane.server.db.svcApproval.findUniqueOrThrow({ where: { id: approvalId } })
    expect(JSON.stringify(stored)).not.toContain(apiKey)
    expect((await decide('reject', approvalId)).body).toMatchObject({ ok: true })
  })

  test('a held call that cannot be previewed carries no preview', async () => {
    const agent = await mintKey({ label: 'unpreviewable agent', approval: 'destructive' })
    const held = await dispatcher(plane.server.app, agent.key)({ resource: 'leads', action: 'delete', params: { id: 987654 }, confirm: true })
    expect(held.body.code).toBe('approval_required')
    const approval = (await asSession({ resource: 'approvals', action: 'get', params: { id: held.body.details.approval_id } })).body.data
    expect(approval).toMatchObject({ operation: 'leads.delete', preview: null })
  })

  test('reads run at once; a rejected call never runs; an expired one can no longer be approved', async () => {
    const agent = await mintKey({ label: 'agent 2', approval: 'destructive' })
    const asAgent = dispatcher(plane.server.app, agent.key)
    expect((await asAgent({ resource: 'crm', action: 'list' })).status).toBe(200)

    const crmNum = await newCrm('Rejected')
    const rejectedId = (await asAgent({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })).body.details.approval_id as string
    expect((await decide('reject', rejectedId)).body).toMatchObject({ ok: true, data: { status: 'rejected' } })
    const refused = await asAgent({ resource: 'crm', action: 'delete', params: { approval_id: rejectedId } })
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'forbidden' })
    expect(await crmExists(crmNum)).toBe(true)

    const expiringId = (await asAgent({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })).body.details.approval_id as string
    await plane.server.db.svcApproval.update({ where: { id: expiringId }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect((await decide('approve', expiringId)).body.code).toBe('conflict')
    expect(await crmExists(crmNum)).toBe(true)
  })

  test('a child of a gated key is gated too, whatever it asks', async () => {
    const agent = await mintKey({ label: 'gated parent', approval: 'destructive' })
    const child = await dispatcher(plane.server.app, agent.key)({ resource: 'api_keys', action: 'mint', params: { label: 'ungated?', approval: 'none' } })
    expect(child.body.data.approval).toBe('destructive')
  })
})

describe('an MCP client', () => {
  let server: { url: string, close (): Promise<void> }
  beforeAll(async () => { server = await listen(plane.server.app) })
  afterAll(async () => { await server.close() })

  const callTool = async (client: Client, name: string, args: Record<string, unknown>) => await client.callTool({ name, arguments: args }) as CallToolResult
  const errorOf = (result: CallToolResult) => JSON.parse((result.content[0] as { text: string }).text) as { code: string, error: string, details?: Record<string, unknown> }

  test('with a read-only key lists only read-only tools, and a write tool is refused naming the scope', async () => {
    const reader = await mintKey({ label: 'mcp reader', read_only: true })
    const client = await connectMcp(server.url, reader.key)
    try {
      const { tools } = await client.listTools()
      expect(tools.length).toBeGreaterThan(5)
      expect(tools.every(tool => tool.annotations?.readOnlyHint === true)).toBe(true)
      expect(tools.map(tool => tool.name)).toContain('crm-list')
      const refused = await callTool(client, 'crm-create', { name: 'Not by a reader', url: 'https://crm.example.com' })
      expect(refused.isError).toBe(true)
      expect(errorOf(refused)).toMatchObject({ code: 'forbidden', error: expect.stringContaining('crm.create') })
      expect(await plane.server.db.svcCrmSlot.count({ where: { name: 'Not by a reader' } })).toBe(0)
    } finally {
      await client.close()
    }
  })

  test('with an approval-gated key, a destructive tool waits, and the agent collects the result with approval_id', async () => {
    const agent = await mintKey({ label: 'mcp agent', approval: 'destructive' })
    const crmNum = await newCrm('Deleted by an agent, once approved')
    const client = await connectMcp(server.url, agent.key)
    try {
      const held = await callTool(client, 'crm-delete', { crm_num: crmNum, confirm: true })
      expect(held.isError).toBe(true)
      const waiting = errorOf(held)
      expect(waiting).toMatchObject({ code: 'approval_required', details: { approval_id: expect.any(String) } })
      expect(await crmExists(crmNum)).toBe(true)

      await decide('approve', waiting.details!.approval_id as string)
      const collected = await callTool(client, 'crm-delete', { approval_id: waiting.details!.approval_id })
      expect(collected.isError).toBeFalsy()
      expect(collected.structuredContent).toMatchObject({ crm_num: crmNum, deleted: true })
      expect(await crmExists(crmNum)).toBe(false)
    } finally {
      await client.close()
    }
  })
  test('a 2026-07-28 client on a toolset URL gets the same approval-required result for a destructive tool, and nothing runs', async () => {
    const agent = await mintKey({ label: 'modern mcp agent', approval: 'destructive' })
    const crmNum = await newCrm('Held for a modern client')
    const client = await connectMcp2(server.url, agent.key, { path: `${MCP_PATH}/x/crm` })
    try {
      const held = await client.callTool({ name: 'crm-delete', arguments: { crm_num: crmNum, confirm: true } }) as CallToolResult
      expect(held.isError).toBe(true)
      expect(errorOf(held)).toMatchObject({ code: 'approval_required', details: { approval_id: expect.any(String) } })
      expect(await crmExists(crmNum)).toBe(true)
    } finally {
      await client.close()
    }
  })
})
