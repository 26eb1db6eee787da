// @svc-provider-independent: what Chromium adds is the pages; audit.get, audit.revert, previews and plans run on both providers in their own test files (runs once, on SQLite).
import { beforeAll, describe, expect, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import request from 'supertest'
import type { Locator } from 'playwright-core'
import { useAdminUiSession } from './support/admin-ui-session.ts'
import { screenshot } from './support/browser.ts'
import { createAccount } from './support/accounts.ts'
import { BASE } from './support/client.ts'

/**
 * A call's changes on the audit log page, and its revert: the revert's own diff first, then run
 * once the administrator confirms; the held calls' previews on the Approvals site.page. The built
 * Admin UI in headless Chromium, each outcome checked through the API beside it.
 */
const site = useAdminUiSession()
let adminKey = ''
beforeAll(async () => { adminKey = (await createAccount(site.db)).key })

/** Waits for the dialog's opening transition to end, so its screenshot shows it, not the page through it. */
const settled = () => site.page.waitForFunction(() => document.getAnimations().every(animation => animation.playState !== 'running'))

const MINUTE = 60_000
/** A CRM API key no page may ever show: the diffs show its column as "[sealed]". */
const CRM_SECRET = 'sk-e2e-never-shown-in-a-diff'

type Envelope = { ok: boolean, code?: string, data: Record<string, unknown>, details?: Record<string, unknown> }

async function api (key: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number, body: Envelope }> {
  const res = await request(site.server.url).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${key}`).set(headers).send(body)
  return { status: res.status, body: res.body as Envelope }
}

const asAdmin = async (resource: string, action: string, params: object = {}): Promise<Envelope> => (await api(adminKey, { resource, action, params })).body

/** A CRM connection with an API key, made with `key` in two calls (crm.create, then crm.update with the key). */
async function newCrmSlot (name: string, key = adminKey): Promise<string> {
  const created = await api(key, { resource: 'crm', action: 'create', params: { name, url: 'https://crm.example.com' } })
  expect(created.body.ok).toBe(true)
  const crmNum = created.body.data.crm_num as string
  expect((await api(key, { resource: 'crm', action: 'update', params: { crm_num: crmNum, api_key: CRM_SECRET } })).body.ok).toBe(true)
  return crmNum
}

const crmName = async (crmNum: string): Promise<unknown> => (await asAdmin('crm', 'get', { crm_num: crmNum })).data.name

/** The id of the latest audit entry of `operation`. */
async function lastCall (operation: string): Promise<number> {
  const log = await asAdmin('audit', 'list', { operation, per_page: 1 })
  return (log.data.items as Array<{ id: number }>)[0]!.id
}

/** Opens the audit log and the changes of call `id`. */
async function showChanges (id: number): Promise<Locator> {
  await site.page.goto(`${site.server.url}/control-plane/audit-log`)
  await site.page.getByRole('button', { name: `Show the changes of call ${id}` }).click()
  const panel = site.page.getByTestId('audit-entry-changes')
  await panel.getByTestId('change-diff').waitFor()
  return panel
}

/** A field's before and after in a row's diff, as the page shows them. */
async function fieldShown (row: Locator, field: string): Promise<{ before: string | null, after: string | null }> {
  const line = row.locator(`tr[data-field="${field}"]`)
  await line.waitFor()
  const before = line.locator('del')
  const after = line.locator('ins')
  return { before: await before.count() ? await before.textContent() : null, after: await after.count() ? await after.textContent() : null }
}

describe('the audit log page', () => {
  test('shows a call\'s changes field by field, secrets sealed; Revert shows the revert\'s own diff and what cannot be undone, and undoes the call once confirmed', async () => {
    const crmNum = await newCrmSlot('Acme')
    const creation = await showChanges(await lastCall('crm.create'))
    await expect(fieldShown(creation.getByRole('region', { name: /^create SvcCrmSlot / }), 'name')).resolves.toEqual({ before: null, after: 'Acme' })
    const keySet = await showChanges(await lastCall('crm.update'))
    await expect(fieldShown(keySet.getByRole('region', { name: /^update SvcCrmSlot / }), 'apiKeyCiphertext')).resolves.toEqual({ before: 'null', after: '[sealed]' })
    await expect(site.page.getByText(CRM_SECRET).count()).resolves.toBe(0)

    expect((await asAdmin('crm', 'update', { crm_num: crmNum, name: 'Acme Renamed' })).ok).toBe(true)
    const id = await lastCall('crm.update')
    const panel = await showChanges(id)
    const updated = panel.getByRole('region', { name: /^update SvcCrmSlot / })
    await expect(fieldShown(updated, 'name')).resolves.toEqual({ before: 'Acme', after: 'Acme Renamed' })
    // An update shows the fields whose value changed, nothing else.
    await expect(updated.locator('tr[data-field="url"]').count()).resolves.toBe(0)
    await panel.getByTestId('audit-effects').getByText('event crm.changed').waitFor()
    await screenshot(site.page, '90-audit-entry-changes')

    await panel.getByRole('button', { name: `Revert call ${id}` }).click()
    const dialog = site.page.getByRole('alertdialog')
    const reverting = dialog.getByRole('region', { name: /^update SvcCrmSlot / })
    await expect(fieldShown(reverting, 'name')).resolves.toEqual({ before: 'Acme Renamed', after: 'Acme' })
    await dialog.getByTestId('cannot-undo').getByText('event crm.changed').waitFor()
    await settled()
    await screenshot(site.page, '91-audit-revert-preview')
    // The preview wrote nothing.
    await expect(crmName(crmNum)).resolves.toBe('Acme Renamed')

    await dialog.getByRole('button', { name: 'Revert', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await panel.getByTestId('revert-outcome').getByText(/1 row put back/).waitFor()
    await screenshot(site.page, '92-audit-reverted')
    await expect(panel.getByRole('button', { name: `Revert call ${id}` }).count()).resolves.toBe(0)
    await expect(crmName(crmNum)).resolves.toBe('Acme')
    const revert = await asAdmin('audit', 'get', { id: await lastCall('audit.revert') })
    expect(revert.data).toMatchObject({ ok: true, preview: false, changes: [expect.objectContaining({ entity: 'SvcCrmSlot', kind: 'update' })] })
  }, 5 * MINUTE)

  test('a revert of a row changed since shows revert_conflict with the rows that moved, and reverts nothing', async () => {
    const crmNum = await newCrmSlot('Globex')
    expect((await asAdmin('crm', 'update', { crm_num: crmNum, name: 'Globex One' })).ok).toBe(true)
    const id = await lastCall('crm.update')
    expect((await asAdmin('crm', 'update', { crm_num: crmNum, name: 'Globex Two' })).ok).toBe(true)

    const panel = await showChanges(id)
    await panel.getByRole('button', { name: `Revert call ${id}` }).click()
    const refusal = panel.locator('[data-testid="svc-failure"][data-code="revert_conflict"]')
    await refusal.getByTestId('moved-rows').getByText(/SvcCrmSlot/).waitFor()
    await expect(site.page.getByRole('alertdialog').count()).resolves.toBe(0)
    await screenshot(site.page, '93-audit-revert-conflict')
    await expect(crmName(crmNum)).resolves.toBe('Globex Two')
  }, 5 * MINUTE)

  test('a row changed between the revert\'s preview and its confirmation: plan_stale with the row, nothing reverted', async () => {
    const crmNum = await newCrmSlot('Hooli')
    expect((await asAdmin('crm', 'update', { crm_num: crmNum, name: 'Hooli XYZ' })).ok).toBe(true)
    const id = await lastCall('crm.update')
    const panel = await showChanges(id)
    await panel.getByRole('button', { name: `Revert call ${id}` }).click()
    const dialog = site.page.getByRole('alertdialog')
    await dialog.getByTestId('change-diff').waitFor()
    // Someone renames the slot while the administrator reads the preview.
    expect((await asAdmin('crm', 'update', { crm_num: crmNum, name: 'Hooli Meanwhile' })).ok).toBe(true)
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click()
    const refusal = panel.locator('[data-testid="svc-failure"][data-code="plan_stale"]')
    await refusal.getByTestId('moved-rows').getByText(/SvcCrmSlot/).waitFor()
    await expect(crmName(crmNum)).resolves.toBe('Hooli Meanwhile')
  }, 5 * MINUTE)

  test('an agent\'s batch under one traceparent is reverted at once from any of its calls, after the revert\'s diff of them all', async () => {
    const traceId = randomBytes(16).toString('hex')
    const traceparent = { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` }
    const crmNum = await newCrmSlot('Umbrella')
    const variables = [`e2e.batch.${randomBytes(4).toString('hex')}`, `e2e.batch.${randomBytes(4).toString('hex')}`]
    for (const body of [
      { resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Umbrella Batch' } },
      ...variables.map(name => ({ resource: 'variables', action: 'set', params: { name, value: { on: true } } })),
    ]) expect((await api(adminKey, body, traceparent)).body.ok).toBe(true)

    const panel = await showChanges(await lastCall('variables.set'))
    const trace = panel.getByTestId('trace-revert')
    await trace.getByRole('button', { name: /^Revert the 3 calls of trace / }).click()
    const dialog = site.page.getByRole('alertdialog')
    await dialog.getByRole('region', { name: /^update SvcCrmSlot / }).waitFor()
    await expect(dialog.getByRole('region', { name: /^delete SvcVariable / }).count()).resolves.toBe(2)
    await settled()
    await screenshot(site.page, '95-audit-trace-revert-preview')
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click()
    await trace.getByTestId('revert-outcome').getByText(/3 rows put back/).waitFor()
    const slot = await asAdmin('crm', 'get', { crm_num: crmNum })
    expect(slot.data).toMatchObject({ name: 'Umbrella' })
    for (const name of variables) expect((await api(adminKey, { resource: 'variables', action: 'get', params: { name } })).status).toBe(404)
  }, 5 * MINUTE)
})

describe('the Approvals page', () => {
  test('shows what a held call would change, from the preview the approval carries, and says so when the call cannot be previewed', async () => {
    const minted = await asAdmin('api_keys', 'mint', { label: 'e2e previewed agent', expires_in_days: 1, approval: 'destructive' })
    const agentKey = minted.data.key as string
    const crmNum = await newCrmSlot('Initech', agentKey)
    const held = await api(agentKey, { resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })
    expect([held.status, held.body.code]).toEqual([202, 'approval_required'])
    const approvalId = held.body.details!.approval_id as string
    // leads.delete tells the contact system while it runs: it cannot be previewed.
    const unpreviewable = await api(agentKey, { resource: 'leads', action: 'delete', params: { id: 987654 }, confirm: true })
    expect([unpreviewable.status, unpreviewable.body.code]).toEqual([202, 'approval_required'])

    await site.page.goto(`${site.server.url}/control-plane/approvals`)
    const preview = site.page.locator(`tr[data-detail-of="${approvalId}"]`).getByTestId('approval-preview')
    const deleted = preview.getByRole('region', { name: /^delete SvcCrmSlot / })
    await expect(fieldShown(deleted, 'name')).resolves.toEqual({ before: 'Initech', after: null })
    await expect(fieldShown(deleted, 'apiKeyCiphertext')).resolves.toEqual({ before: '[sealed]', after: null })
    await expect(site.page.getByText(CRM_SECRET).count()).resolves.toBe(0)
    await screenshot(site.page, '94-approval-preview')
    const unpreviewed = site.page.locator(`tr[data-detail-of="${unpreviewable.body.details!.approval_id as string}"]`)
    await expect(unpreviewed.getByTestId('no-preview').textContent()).resolves.toBe('No preview available.')
    // Shown, not run: the slot is still there until someone approves.
    await expect(crmName(crmNum)).resolves.toBe('Initech')
    await site.page.getByRole('button', { name: 'Reject crm.delete' }).click()
    await site.page.getByRole('button', { name: 'Reject leads.delete' }).click()
    await site.page.getByText('Nothing waits for approval.').waitFor()
  }, 5 * MINUTE)
})
