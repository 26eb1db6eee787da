import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, seenBodies, type DispatchBody } from './support/client.ts'
import { connectMcp2, listen, MCP_PATH } from './support/mcp-client.ts'

const plane = useTestServer()
let http: Awaited<ReturnType<typeof listen>>
beforeAll(async () => { http = await listen(plane.server.app) })
afterAll(async () => { await http?.close() })

type Body = { ok: boolean, code?: string, details?: Record<string, unknown>, changed: boolean, data: Record<string, unknown> }
type Preview = { preview: { operation: string, changes: Array<Record<string, unknown>>, effects: Array<Record<string, unknown>>, result: Record<string, unknown> }, plan: string, plan_expires_at: string }

const send = async (body: DispatchBody & { preview?: boolean, plan?: string }): Promise<{ status: number, body: Body }> => {
  const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`).send(body)
  seenBodies.push(res.text)
  return { status: res.status, body: res.body as Body }
}

async function preview (body: DispatchBody): Promise<Preview> {
  const res = await send({ ...body, preview: true })
  expect([res.status, res.body.code, res.body.changed]).toEqual([200, undefined, false])
  return res.body.data as unknown as Preview
}

/** Every row of the lists a call here could write, in a stable order: the site as a whole. */
async function site () {
  const db = plane.server.db
  return {
    crm: await db.svcCrmSlot.findMany({ orderBy: { slot: 'asc' } }),
    keys: await db.svcApiKey.findMany({ orderBy: { id: 'asc' } }),
    webhooks: await db.svcWebhookSubscription.findMany({ orderBy: { id: 'asc' } }),
    variables: await db.svcVariable.findMany({ orderBy: { name: 'asc' } }),
    events: await db.svcEvent.count(),
    outbox: await db.svcOutboxMessage.count(),
    counters: await db.svcCounter.findMany({ orderBy: { key: 'asc' } }),
  }
}

let crmNum: string
let subscription: string
beforeAll(async () => {
  crmNum = (await send({ resource: 'crm', action: 'create', params: { name: 'Acme', url: 'https://crm.example.com' } })).body.data.crm_num as string
  subscription = (await send({ resource: 'webhooks', action: 'create', params: { url: 'https://hooks.example.com/crm', event_types: ['crm.*'] } })).body.data.id as string
})

describe('preview: the call runs through every link and its handler in a transaction that is rolled back', () => {
  test('a preview of crm.delete writes nothing, queues nothing, and says what would change and who would be told', async () => {
    const before = await site()
    const previewed = await preview({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })
    expect(previewed.preview).toEqual({
      operation: 'crm.delete',
      changes: [{ entity: 'SvcCrmSlot', id: before.crm[0]!.id, kind: 'delete', before: expect.objectContaining({ name: 'Acme' }), after: null }],
      effects: [{ kind: 'event', name: 'crm.changed' }, { kind: 'message', name: 'webhooks.deliver', target: `webhook:${subscription}` }],
      result: { crm_num: crmNum, deleted: true },
    })
    expect(Date.parse(previewed.plan_expires_at) - Date.now()).toBeGreaterThan(9 * 60_000)
    expect(await site()).toEqual(before)
  })

  test('the links still refuse: confirm for a destructive call, the params, an operation that cannot be previewed', async () => {
    expect((await send({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, preview: true })).body.code).toBe('confirm_required')
    expect((await send({ resource: 'crm', action: 'update', params: { crm_num: crmNum, nme: 'typo' }, preview: true })).body.code).toBe('invalid_params')
    const mail = await send({ resource: 'users', action: 'send_welcome_email', params: { user_num: '1' }, confirm: true, preview: true })
    expect([mail.status, mail.body.code]).toEqual([400, 'not_previewable'])
    expect((await send({ resource: 'crm', action: 'list', params: {}, preview: true })).body.code).toBe('not_previewable')
    const bothAtOnce = await send({ resource: 'crm', action: 'update', params: { crm_num: crmNum }, preview: true, plan: 'x' })
    expect([bothAtOnce.status, bothAtOnce.body.code]).toEqual([400, 'bad_request'])
  })

  test('the manifest says which operations cannot be previewed, and why', async () => {
    const res = await request(plane.server.app).get(`${BASE}/manage/manifest`).set('Authorization', `Bearer ${plane.admin.key}`)
    const byName = new Map((res.body.data.operations as Array<{ name: string, previewable: boolean, previewable_reason: string | null }>).map(op => [op.name, op]))
    expect(byName.get('crm.delete')).toMatchObject({ previewable: true, previewable_reason: null })
    expect(byName.get('users.send_welcome_email')).toMatchObject({ previewable: false, previewable_reason: expect.stringContaining('e-mail') })
    expect(byName.get('ai.test')).toMatchObject({ previewable: false })
    expect(byName.get('pipelines.run_batch')).toMatchObject({ previewable: false, previewable_reason: expect.stringContaining('job') })
  })

  test('the answer is the OpenAPI document\'s PreviewAnswer', async () => {
    const document = (await request(plane.server.app).get(`${BASE}/openapi.json`).set('Authorization', `Bearer ${plane.admin.key}`)).body as Record<string, unknown>
    const ajv = new Ajv2020({ strict: false })
    ajv.addSchema(document, 'https://svc.invalid/openapi.json')
    const validate = ajv.compile({ $ref: 'https://svc.invalid/openapi.json#/components/schemas/PreviewAnswer' })
    const answered = await preview({ resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Checked' } })
    expect([validate(answered), ajv.errorsText(validate.errors)]).toEqual([true, 'No errors'])
    expect(validate({ ...answered, plan: undefined })).toBe(false)
  })

  test('one-time secrets are "[preview]": no key is minted, no signing secret made', async () => {
    const before = await site()
    const minted = await preview({ resource: 'api_keys', action: 'mint', params: { label: 'previewed key' } })
    expect(minted.preview.result.key).toBe('[preview]')
    expect(minted.preview.changes).toEqual([expect.objectContaining({ entity: 'SvcApiKey', kind: 'create', after: expect.objectContaining({ label: 'previewed key', secretDigest: '[sealed]' }) })])
    const hooked = await preview({ resource: 'webhooks', action: 'create', params: { url: 'https://hooks.example.com/previewed', event_types: ['lead.*'] } })
    expect(hooked.preview.result.secret).toBe('[preview]')
    expect(JSON.stringify(hooked.preview)).not.toMatch(/whsec_|"secretCiphertext":"(?!\[sealed\])/)
    expect(await site()).toEqual(before)
  })

  test('a preview is audited as one: its entry shows what would have changed, changed false, and no revert undoes it', async () => {
    await preview({ resource: 'variables', action: 'set', params: { name: 'previewed.only', value: 1 } })
    const { items } = (await send({ resource: 'audit', action: 'list', params: { operation: 'variables.set', per_page: 1 } })).body.data as { items: Array<Record<string, unknown>> }
    expect(items[0]).toMatchObject({ ok: true, changed: false, preview: true, changes: [expect.objectContaining({ entity: 'SvcVariable', kind: 'create' })] })
    expect((await send({ resource: 'audit', action: 'revert', params: { audit_id: items[0]!.id }, confirm: true })).body.code).toBe('not_found')
    expect(await plane.server.db.svcVariable.findUnique({ where: { name: 'previewed.only' } })).toBeNull()
  })

  test('the per-operation route takes ?preview, and the compact MCP door preview: true among run_operation\'s arguments', async () => {
    const before = await site()
    const routed = await request(plane.server.app).post(`${BASE}/manage/crm/update?preview`).set('Authorization', `Bearer ${plane.admin.key}`).send({ crm_num: crmNum, name: 'Routed' })
    expect(routed.status).toBe(200)
    expect(routed.body.data.preview).toMatchObject({ operation: 'crm.update', changes: [{ kind: 'update', before: expect.objectContaining({ name: 'Acme' }), after: expect.objectContaining({ name: 'Routed' }) }] })
    const client = await connectMcp2(http.url, plane.admin.key, { path: `${MCP_PATH}/compact` })
    try {
      const result = await client.callTool({ name: 'run_operation', arguments: { tool: 'crm-update', arguments: { crm_num: crmNum, name: 'Told by MCP' }, preview: true } })
      expect(result.isError).toBeFalsy()
      expect(result.structuredContent).toMatchObject({ preview: { operation: 'crm.update', result: { name: 'Told by MCP' } }, plan: expect.any(String) })
    } finally {
      await client.close()
    }
    expect(await site()).toEqual(before)
  })
})

describe('plans: a preview\'s plan runs the call only as it was previewed', () => {
  test('applied once: the change is made, a second apply is refused', async () => {
    const body = { resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Planned' } }
    const { plan } = await preview(body)
    const applied = await send({ ...body, plan })
    expect([applied.status, applied.body.code, applied.body.data]).toEqual([200, undefined, expect.objectContaining({ name: 'Planned' })])
    const again = await send({ ...body, plan })
    expect([again.status, again.body.code]).toEqual([409, 'plan_stale'])
    expect(again.body.details).toEqual({ rows: [] })
  })

  test('a row that moved since the preview: 409 plan_stale naming it, nothing written', async () => {
    const body = { resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Stale plan' } }
    const { plan, preview: seen } = await preview(body)
    await send({ resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Moved meanwhile' } })
    const before = await site()
    const stale = await send({ ...body, plan })
    expect([stale.status, stale.body.code]).toEqual([409, 'plan_stale'])
    expect(stale.body.details).toEqual({ rows: [{ entity: 'SvcCrmSlot', id: seen.changes[0]!.id }] })
    expect(await site()).toEqual(before)
  })

  test('a plan binds its params, its operation and its credential', async () => {
    const { plan } = await preview({ resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Bound' } })
    const otherParams = await send({ resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Something else' }, plan })
    expect([otherParams.status, otherParams.body.code]).toEqual([409, 'plan_stale'])
    const otherOperation = await send({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true, plan })
    expect(otherOperation.body.code).toBe('plan_stale')
    const colleague = await plane.account('administrator')
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${colleague.key}`).send({ resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Bound' }, plan })
    expect(res.body.code).toBe('plan_stale')
    expect((await send({ resource: 'crm', action: 'get', params: { crm_num: crmNum } })).body.data.name).toBe('Moved meanwhile')
  })
})
