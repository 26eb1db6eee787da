import { beforeEach, describe, expect, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, seenBodies, type DispatchBody } from './support/client.ts'
import { CRM_API_KEY } from '../packages/control-plane/src/resources/crm/sealed-columns.ts'
import { bindTo } from '../packages/control-plane/src/platform/secrets/sealed-column.ts'

const plane = useTestServer()
const API_KEY = 'revert-must-never-show-this-77a1'

type Ok = { status: number, body: { ok: boolean, data: Record<string, unknown> & { [key: string]: unknown }, code?: string, details?: Record<string, unknown> } }

async function ok (body: DispatchBody): Promise<Ok['body']['data']> {
  const res = await plane.dispatch(body)
  expect([body.resource, body.action, res.status, res.body.code]).toEqual([body.resource, body.action, 200, undefined])
  return res.body.data
}

/** The audit id of the newest call of `operation`. */
async function lastCall (operation: string): Promise<number> {
  const { items } = await ok({ resource: 'audit', action: 'list', params: { operation, per_page: 1 } })
  return (items as Array<{ id: number }>)[0]!.id
}

const revert = (params: Record<string, unknown>) => plane.dispatch({ resource: 'audit', action: 'revert', params, confirm: true })

async function revertLast (operation: string): Promise<Ok['body']['data']> {
  const res = await revert({ audit_id: await lastCall(operation) })
  expect([res.status, res.body.code]).toEqual([200, undefined])
  return res.body.data
}

const db = () => plane.server.db

describe('audit.revert undoes what a call changed', () => {
  test('crm.update: the row gets its before image, the new key goes', async () => {
    const { crm_num } = await ok({ resource: 'crm', action: 'create', params: { name: 'Acme', url: 'https://crm.example.com' } })
    const slot = Number(crm_num)
    const before = await db().svcCrmSlot.findUnique({ where: { slot } })
    await ok({ resource: 'crm', action: 'update', params: { crm_num, name: 'Acme Ltd', api_key: API_KEY } })
    const answer = await revertLast('crm.update')
    expect(answer).toMatchObject({ restored: [{ entity: 'SvcCrmSlot', id: before!.id, undid: 'update' }], cannot_undo: [expect.objectContaining({ kind: 'event', name: 'crm.changed' })] })
    expect(await db().svcCrmSlot.findUnique({ where: { slot } })).toEqual(before)
  })

  test('crm.delete: the slot comes back with its id and its encrypted key, which still opens', async () => {
    const { crm_num } = await ok({ resource: 'crm', action: 'create', params: { name: 'Keyed', url: 'https://keyed.example.com' } })
    await ok({ resource: 'crm', action: 'set_secret', params: { crm_num, api_key: API_KEY } })
    const before = await db().svcCrmSlot.findUnique({ where: { slot: Number(crm_num) } })
    expect(before!.apiKeyCiphertext).toBeTruthy()
    await ok({ resource: 'crm', action: 'delete', params: { crm_num }, confirm: true })
    expect(await db().svcCrmSlot.findUnique({ where: { slot: Number(crm_num) } })).toBeNull()
    await revertLast('crm.delete')
    expect(await db().svcCrmSlot.findUnique({ where: { slot: Number(crm_num) } })).toEqual(before)
    expect(await ok({ resource: 'crm', action: 'get', params: { crm_num } })).toMatchObject({ name: 'Keyed', key_set: true })
    expect(plane.server.runtime.secrets.open(before!.apiKeyCiphertext!, bindTo(CRM_API_KEY, Number(crm_num)))).toBe(API_KEY)
  })

  test('variables.set and variables.delete: a value changed, a variable created, a variable deleted', async () => {
    await ok({ resource: 'variables', action: 'set', params: { name: 'site.motto', value: 'first' } })
    const first = await db().svcVariable.findUnique({ where: { name: 'site.motto' } })
    await ok({ resource: 'variables', action: 'set', params: { name: 'site.motto', value: { text: 'second' } } })
    await revertLast('variables.set')
    expect(await db().svcVariable.findUnique({ where: { name: 'site.motto' } })).toEqual(first)

    await ok({ resource: 'variables', action: 'delete', params: { name: 'site.motto' }, confirm: true })
    await revertLast('variables.delete')
    expect(await db().svcVariable.findUnique({ where: { name: 'site.motto' } })).toEqual(first)

    await ok({ resource: 'variables', action: 'set', params: { name: 'site.fresh', value: 1 } })
    expect(await revertLast('variables.set')).toMatchObject({ restored: [{ entity: 'SvcVariable', undid: 'create' }] })
    expect(await db().svcVariable.findUnique({ where: { name: 'site.fresh' } })).toBeNull()
  })

  test('roles.assign: the member loses the role again', async () => {
    const { slug } = await ok({ resource: 'roles', action: 'create', params: { name: 'Night desk' } })
    const { user_num } = await ok({ resource: 'users', action: 'create', params: { full_name: 'Nellie Bly', email: 'nellie@example.com' } })
    await ok({ resource: 'roles', action: 'assign', params: { slug, user_num } })
    const members = () => db().svcRole.findUnique({ where: { slug: slug as string }, select: { members: { select: { slot: true } } } })
    expect((await members())!.members).toEqual([{ slot: Number(user_num) }])
    await revertLast('roles.assign')
    expect((await members())!.members).toEqual([])
  })

  test('users.delete: the blanked fields come back', async () => {
    const { user_num } = await ok({ resource: 'users', action: 'create', params: { first_name: 'Ida', last_name: 'Wells', email: 'ida@example.com', phone_number: '+1 555 0100', notify_replies: '1' } })
    const before = await db().svcTeamMember.findUnique({ where: { slot: Number(user_num) } })
    await ok({ resource: 'users', action: 'delete', params: { user_num }, confirm: true })
    await revertLast('users.delete')
    expect(await db().svcTeamMember.findUnique({ where: { slot: Number(user_num) } })).toEqual(before)
    expect(await ok({ resource: 'users', action: 'get', params: { user_num } })).toMatchObject({ first_name: 'Ida', email: 'ida@example.com' })
  })

  test('content_sources.update, pipelines.update_recipe and leads.set_status: each row as it was', async () => {
    const source = await ok({ resource: 'content_sources', action: 'create', params: { name: 'Guest columns' } })
    const sourceBefore = await db().svcContentSource.findUnique({ where: { id: source.id as string } })
    await ok({ resource: 'content_sources', action: 'update', params: { id: source.id, name: 'Guest columns (paused)', enabled: false } })
    await revertLast('content_sources.update')
    expect(await db().svcContentSource.findUnique({ where: { id: source.id as string } })).toEqual(sourceBefore)

    const recipe = await ok({ resource: 'pipelines', action: 'create_recipe', params: { name: 'Draft clean-up', trigger: { on: [] } } })
    const recipeBefore = await db().svcPipelineRecipe.findUnique({ where: { id: recipe.id as string } })
    await ok({ resource: 'pipelines', action: 'update_recipe', params: { id: recipe.id, policy: { on_error: 'continue' } } })
    await revertLast('pipelines.update_recipe')
    expect(await db().svcPipelineRecipe.findUnique({ where: { id: recipe.id as string } })).toEqual(recipeBefore)

    const lead = await ok({ resource: 'leads', action: 'capture', params: { source: 'contact_form', email: 'margaret@example.com' } })
    const leadId = Number(lead.id)
    const leadBefore = await db().svcLead.findUnique({ where: { id: leadId } })
    const eventsBefore = await db().svcLeadEvent.findMany({ where: { leadId }, orderBy: { id: 'asc' } })
    await ok({ resource: 'leads', action: 'set_status', params: { id: lead.id, status: 'Qualified' } })
    await revertLast('leads.set_status')
    expect(await db().svcLead.findUnique({ where: { id: leadId } })).toEqual(leadBefore)
    expect(await db().svcLeadEvent.findMany({ where: { leadId }, orderBy: { id: 'asc' } })).toEqual(eventsBefore)
    expect(await ok({ resource: 'leads', action: 'verify', params: { id: lead.id } })).toMatchObject({ chain: { ok: true } })
  })
})

describe('audit.revert by trace: an agent\'s batch undone at once', () => {
  // Each test's batch is a trace of its own.
  let traceId = ''
  beforeEach(() => { traceId = randomBytes(16).toString('hex') })
  const traced = async (body: DispatchBody) => {
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`)
      .set('Authorization', `Bearer ${plane.admin.key}`)
      .set('traceparent', `00-${traceId}-${randomBytes(8).toString('hex')}-01`)
      .send(body)
    seenBodies.push(res.text)
    expect([body.resource, body.action, res.status]).toEqual([body.resource, body.action, 200])
    return res.body.data as Record<string, unknown>
  }

  test('five calls under one traceparent, reverted newest first in one transaction', async () => {
    const counts = async () => ({
      crm: await db().svcCrmSlot.count(),
      variables: await db().svcVariable.count(),
      members: await db().svcTeamMember.count(),
      roles: await db().svcRole.count(),
    })
    const before = await counts()
    const crm = await traced({ resource: 'crm', action: 'create', params: { name: 'Batch CRM' } })
    await traced({ resource: 'variables', action: 'set', params: { name: 'batch.flag', value: true } })
    await traced({ resource: 'users', action: 'create', params: { full_name: 'Batch Member' } })
    await traced({ resource: 'roles', action: 'create', params: { name: 'Batch role' } })
    await traced({ resource: 'crm', action: 'update', params: { crm_num: crm.crm_num, name: 'Batch CRM renamed' } })
    expect(await counts()).toEqual({ crm: before.crm + 1, variables: before.variables + 1, members: before.members + 1, roles: before.roles + 1 })

    const res = await revert({ trace_id: traceId })
    expect([res.status, res.body.code]).toEqual([200, undefined])
    expect((res.body.data.reverted as Array<{ operation: string }>).map(entry => entry.operation)).toEqual(['crm.update', 'roles.create', 'users.create', 'variables.set', 'crm.create'])
    expect(await counts()).toEqual(before)
  })

  test('a revert of a trace that wrote one row twice, previewed and then applied with its plan: the plan is not stale', async () => {
    const { crm_num } = await ok({ resource: 'crm', action: 'create', params: { name: 'Twice' } })
    const first = await db().svcCrmSlot.findFirst({ where: { name: 'Twice' } })
    await traced({ resource: 'crm', action: 'update', params: { crm_num, name: 'Twice once' } })
    await traced({ resource: 'crm', action: 'update', params: { crm_num, name: 'Twice twice' } })

    // Outside the trace: the revert is not one of the calls it undoes.
    const untraced = (body: Record<string, unknown>) => request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`).send(body)
    const previewed = await untraced({ resource: 'audit', action: 'revert', params: { trace_id: traceId }, confirm: true, preview: true })
    expect([previewed.status, previewed.body.code]).toEqual([200, undefined])
    const applied = await untraced({ resource: 'audit', action: 'revert', params: { trace_id: traceId }, confirm: true, plan: previewed.body.data.plan })
    expect([applied.status, applied.body.code]).toEqual([200, undefined])
    expect(await db().svcCrmSlot.findUnique({ where: { id: first!.id } })).toMatchObject({ name: 'Twice' })
  })

  test('five of the calls above under one traceparent (crm.update, variables.set, roles.assign, content_sources.update, leads.set_status): every row as it was', async () => {
    const { crm_num } = await ok({ resource: 'crm', action: 'create', params: { name: 'Traced CRM' } })
    await ok({ resource: 'variables', action: 'set', params: { name: 'traced.motto', value: 'before' } })
    const { slug } = await ok({ resource: 'roles', action: 'create', params: { name: 'Traced desk' } })
    const { user_num } = await ok({ resource: 'users', action: 'create', params: { full_name: 'Traced Member' } })
    const source = await ok({ resource: 'content_sources', action: 'create', params: { name: 'Traced wire' } })
    const lead = await ok({ resource: 'leads', action: 'capture', params: { source: 'contact_form', email: 'traced@example.com' } })
    const rows = async () => ({
      crm: await db().svcCrmSlot.findUnique({ where: { slot: Number(crm_num) } }),
      variable: await db().svcVariable.findUnique({ where: { name: 'traced.motto' } }),
      role: await db().svcRole.findUnique({ where: { slug: slug as string }, include: { members: { select: { slot: true } } } }),
      source: await db().svcContentSource.findUnique({ where: { id: source.id as string } }),
      lead: await db().svcLead.findUnique({ where: { id: Number(lead.id) } }),
      leadEvents: await db().svcLeadEvent.findMany({ where: { leadId: Number(lead.id) }, orderBy: { id: 'asc' } }),
    })
    const before = await rows()
    await traced({ resource: 'crm', action: 'update', params: { crm_num, name: 'Traced CRM renamed', api_key: API_KEY } })
    await traced({ resource: 'variables', action: 'set', params: { name: 'traced.motto', value: 'after' } })
    await traced({ resource: 'roles', action: 'assign', params: { slug, user_num } })
    await traced({ resource: 'content_sources', action: 'update', params: { id: source.id, enabled: false } })
    await traced({ resource: 'leads', action: 'set_status', params: { id: lead.id, status: 'Qualified' } })
    expect(await rows()).not.toEqual(before)

    const res = await revert({ trace_id: traceId })
    expect([res.status, res.body.code]).toEqual([200, undefined])
    expect((res.body.data.reverted as Array<{ operation: string }>).map(entry => entry.operation)).toEqual(['leads.set_status', 'content_sources.update', 'roles.assign', 'variables.set', 'crm.update'])
    expect(await rows()).toEqual(before)
    expect(JSON.stringify(res.body)).not.toContain(API_KEY)
  })
})

describe('a revert that cannot be made changes nothing', () => {
  test('a row changed after the call being undone: 409 revert_conflict naming it, nothing reverted', async () => {
    const { crm_num } = await ok({ resource: 'crm', action: 'create', params: { name: 'Contested' } })
    await ok({ resource: 'variables', action: 'set', params: { name: 'contested.flag', value: 'a' } })
    await ok({ resource: 'crm', action: 'update', params: { crm_num, name: 'First edit' } })
    const firstEdit = await lastCall('crm.update')
    await ok({ resource: 'crm', action: 'update', params: { crm_num, name: 'Second edit' } })
    const crmRows = await db().svcCrmSlot.findMany({ orderBy: { slot: 'asc' } })
    const auditCount = await db().svcAuditEntry.count()

    const res = await revert({ audit_id: firstEdit })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'revert_conflict', details: { rows: [{ entity: 'SvcCrmSlot', id: crmRows.find(row => row.slot === Number(crm_num))!.id, reason: 'changed since' }] } })
    expect(await db().svcCrmSlot.findMany({ orderBy: { slot: 'asc' } })).toEqual(crmRows)
    // Only the refused revert's own entry was added, with no change set.
    expect(await db().svcAuditEntry.count()).toBe(auditCount + 1)
    const refused = await ok({ resource: 'audit', action: 'get', params: { id: await lastCall('audit.revert') } })
    expect(refused).toMatchObject({ ok: false, code: 'revert_conflict', changes: [] })
  })

  test('a deleted slot taken again since: 409, the new occupant kept', async () => {
    const { crm_num } = await ok({ resource: 'crm', action: 'create', params: { name: 'Gone' } })
    await ok({ resource: 'crm', action: 'delete', params: { crm_num }, confirm: true })
    const deleted = await lastCall('crm.delete')
    const taken = await ok({ resource: 'crm', action: 'create', params: { name: 'New occupant' } })
    expect(taken.crm_num).toBe(crm_num)
    const res = await revert({ audit_id: deleted })
    expect([res.status, res.body.code]).toEqual([409, 'revert_conflict'])
    expect(await ok({ resource: 'crm', action: 'get', params: { crm_num } })).toMatchObject({ name: 'New occupant' })
  })

  test('an entry that does not exist or changed nothing is not_found; both or neither of audit_id and trace_id is invalid_params', async () => {
    expect((await revert({ audit_id: 999_999 })).body.code).toBe('not_found')
    await ok({ resource: 'crm', action: 'list', params: {} })
    expect((await revert({ audit_id: await lastCall('crm.list') })).body.code).toBe('not_found')
    expect((await revert({})).body.code).toBe('invalid_params')
    expect((await revert({ audit_id: 1, trace_id: randomBytes(16).toString('hex') })).body.code).toBe('invalid_params')
    expect((await plane.dispatch({ resource: 'audit', action: 'revert', params: { audit_id: 1 } })).body.code).toBe('confirm_required')
  })
})

describe('a revert is a call like any other', () => {
  test('it has its own change set, so it can be reverted in turn', async () => {
    await ok({ resource: 'variables', action: 'set', params: { name: 'twice.undone', value: 'kept' } })
    const row = await db().svcVariable.findUnique({ where: { name: 'twice.undone' } })
    await revertLast('variables.set')
    expect(await db().svcVariable.findUnique({ where: { name: 'twice.undone' } })).toBeNull()
    const revertEntry = await ok({ resource: 'audit', action: 'get', params: { id: await lastCall('audit.revert') } })
    expect(revertEntry.changes).toEqual([expect.objectContaining({ entity: 'SvcVariable', kind: 'delete' })])
    await revertLast('audit.revert')
    expect(await db().svcVariable.findUnique({ where: { name: 'twice.undone' } })).toEqual(row)
  })

  test('a variable whose value holds a secret-looking key: kept sealed in the change set, shown as [sealed], put back whole by a revert', async () => {
    // The caller's own answer echoes the value it set: a secret of its own, not the one no answer may show.
    const secret = 'variable-secret-kept-sealed-5e2b'
    await ok({ resource: 'variables', action: 'set', params: { name: 'vendor.credentials', value: { api_key: secret, region: 'eu' } } })
    const before = await db().svcVariable.findUnique({ where: { name: 'vendor.credentials' } })
    await ok({ resource: 'variables', action: 'set', params: { name: 'vendor.credentials', value: { region: 'us' } } })
    const shown = await ok({ resource: 'audit', action: 'get', params: { id: await lastCall('variables.set') } })
    expect(JSON.stringify(shown)).not.toContain(secret)
    expect(JSON.stringify((await db().svcAuditEntry.findMany()).map(entry => entry.changeSet))).not.toContain(secret)
    expect(shown).toMatchObject({ changes: [{ before: { valueJson: '[sealed]' }, after: { valueJson: '{"region":"us"}' } }] })
    await revertLast('variables.set')
    expect(await db().svcVariable.findUnique({ where: { name: 'vendor.credentials' } })).toEqual(before)
  })

  test('no answer and no stored change set shows a secret in plain', async () => {
    const stored = JSON.stringify((await db().svcAuditEntry.findMany()).map(entry => entry.changeSet))
    expect(stored).not.toContain(API_KEY)
    expect(seenBodies.join('\n')).not.toContain(API_KEY)
  })
})
