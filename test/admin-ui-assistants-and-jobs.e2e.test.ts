// @svc-provider-independent: what Chromium adds is the pages; the operations they call run on both providers in their own files (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import type { BuiltServer } from './support/built-server.ts'
import { startAdminUiSession } from './support/admin-ui-session.ts'
import { screenshot } from './support/browser.ts'
import { openPrisma } from './support/database.ts'
import { createPost } from './support/posts.ts'

/**
 * Issue 42's pages in the built Admin UI, in headless Chromium, on one server: Connect an assistant,
 * the Pipelines page's jobs, and the charts of the Pipelines, Leads, Webhooks and Health pages, each
 * empty and then with data (one server for all of them: starting one costs minutes of CI, issue 37).
 */
let server: BuiltServer
let browser: Browser
let page: Page
let db: ReturnType<typeof openPrisma>

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Calls an operation from the signed-in page, with its session, as the Admin UI itself does. */
async function dispatchAsPage (resource: string, action: string, params: Record<string, unknown>): Promise<{ ok: boolean, data: Record<string, unknown> }> {
  return await page.evaluate(async body => {
    const res = await fetch('/api/svc/v1/manage/dispatch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return await res.json() as { ok: boolean, data: Record<string, unknown> }
  }, { resource, action, params })
}

beforeAll(async () => {
  ;({ server, browser, page } = await startAdminUiSession())
  db = openPrisma(server.databaseUrl)
}, 15 * MINUTE)

afterAll(async () => {
  await browser?.close()
  await db?.$disconnect()
  await server?.stop()
}, MINUTE)

describe('the Connect an assistant page', () => {
  test('shows this site\'s MCP URL, copyable, with the read-only and toolset URLs, the clients\' setup and what consent shows', async () => {
    await page.goto(`${server.url}/control-plane/connect-assistant`)
    await page.getByRole('heading', { name: 'Connect an assistant', level: 1 }).waitFor()
    const mcpUrl = `${server.url}/api/svc/v1/mcp`
    await expect(page.getByTestId('connect-mcp-url').textContent()).resolves.toBe(mcpUrl)
    await expect(page.getByTestId('connect-read-only-url').textContent()).resolves.toBe(`${mcpUrl}/readonly`)
    await expect(page.getByTestId('connect-toolset-url').textContent()).resolves.toBe(`${mcpUrl}/x/{toolsets}`)
    await expect(page.getByTestId('connect-key-config').textContent()).resolves.toContain(mcpUrl)
    await page.getByTestId('connect-consent-preview').getByText(/read_only/).waitFor()
    await page.getByRole('button', { name: 'Copy the MCP URL' }).click()
    await page.getByRole('button', { name: /^Copied$|^Copy failed/ }).waitFor()
    await screenshot(page, '70-connect-assistant')
    // The navigation lists the page beside Connected apps.
    await expect(page.getByRole('link', { name: 'Connect an assistant' }).count()).resolves.toBeGreaterThan(0)
  }, 5 * MINUTE)
})

describe('the Pipelines page', () => {
  test('runs a recipe over a content source\'s posts as a job: the bar follows it to the end, and the Jobs panel lists it', async () => {
    for (let i = 0; i < 3; i++) await createPost(db, { title: `Wire story ${i}`, source: 'e2e-wire' })
    await page.goto(`${server.url}/control-plane/pipelines`)
    await page.getByTestId('jobs-panel').getByText(/No job yet/).waitFor()
    await page.getByTestId('runs-per-day').getByText(/No run in the last 30 days/).scrollIntoViewIfNeeded()
    await screenshot(page, '74-pipelines-runs-chart-empty')
    const runner = page.getByTestId('batch-runner')
    await runner.getByRole('textbox', { name: 'Content source' }).fill('e2e-wire')
    await runner.getByRole('button', { name: 'Start' }).click()
    const bar = runner.locator('[data-status="succeeded"]')
    await bar.waitFor()
    await expect(bar.textContent()).resolves.toContain('3 of 3')
    await page.getByTestId('jobs-panel').getByText(/dry_run 3/).waitFor()
    await page.getByTestId('batch-runner').scrollIntoViewIfNeeded()
    await screenshot(page, '71-pipelines-batch-job')
    // The batch's dry runs are on today's bar of the runs chart.
    await page.reload()
    const chart = page.getByTestId('runs-per-day-chart')
    await chart.getByRole('img', { name: /Pipeline runs per day by status, last 30 days: 3 in all/ }).waitFor()
    await expect(chart.locator('rect title').first().textContent()).resolves.toMatch(/, dry_run: 3$/)
    await chart.scrollIntoViewIfNeeded()
    await screenshot(page, '75-pipelines-runs-chart')
  }, 5 * MINUTE)
})

describe('the Leads page', () => {
  test('says what its chart will show while there is no lead, and charts leads per day by source once they exist', async () => {
    await page.goto(`${server.url}/control-plane/leads`)
    await page.getByTestId('leads-per-day').getByText(/No lead in the last 30 days/).waitFor()
    await page.getByTestId('lead-status-funnel').getByText(/No lead yet/).waitFor()
    await screenshot(page, '72-leads-chart-empty')
    const today = new Date()
    const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000)
    const leads = [['contact_form', today], ['contact_form', today], ['newsletter', today], ['newsletter', yesterday]] as const
    for (const [index, [source, firstSeen]] of leads.entries()) {
      await db.svcLead.create({ data: { ref: `ld_chart${index}`, source, firstSeen } })
    }
    await page.reload()
    const chart = page.getByTestId('leads-per-day-chart')
    await chart.getByRole('img', { name: /Leads per day by source, last 30 days: 4 in all/ }).waitFor()
    await expect(chart.locator('rect').count()).resolves.toBe(3)
    await expect(chart.getByText('newsletter').count()).resolves.toBeGreaterThan(0)
    await screenshot(page, '73-leads-chart')
    // The funnel: a bar per status, in the order a lead moves through them.
    await db.svcLead.update({ where: { ref: 'ld_chart0' }, data: { status: 'Contacted' } })
    await db.svcLead.update({ where: { ref: 'ld_chart1' }, data: { status: 'Customer' } })
    await page.reload()
    const funnel = page.getByTestId('lead-status-funnel-chart')
    await funnel.getByRole('img', { name: 'Leads by status: 4 in all' }).waitFor()
    await expect(funnel.locator('rect title').allTextContents()).resolves.toEqual(['New, leads: 2', 'Contacted, leads: 1', 'Customer, leads: 1'])
    await funnel.scrollIntoViewIfNeeded()
    await screenshot(page, '76-leads-status-funnel')
  }, 5 * MINUTE)
})

describe('the Webhooks page', () => {
  test('says what its chart will show before any attempt, then charts each subscription\'s attempts, succeeded and failed', async () => {
    await page.goto(`${server.url}/control-plane/webhooks`)
    await page.getByTestId('delivery-success').getByText(/No delivery attempt in the last 7 days/).scrollIntoViewIfNeeded()
    await screenshot(page, '77-webhooks-success-empty')
    const created = await dispatchAsPage('webhooks', 'create', { url: 'https://hooks.example.com/e2e-chart', event_types: ['lead.*'], enabled: false })
    expect(created.ok).toBe(true)
    const subscriptionId = created.data.id as string
    const attempts = [['succeeded', 1], ['succeeded', 2], ['succeeded', 3], ['failed', 4]] as const
    for (const [status, hoursAgo] of attempts) {
      await db.svcWebhookDelivery.create({ data: { subscriptionId, eventId: `evt_chart_${hoursAgo}`, eventType: 'lead.captured', status, at: new Date(Date.now() - hoursAgo * HOUR) } })
    }
    await page.reload()
    const chart = page.getByTestId('delivery-success-chart')
    await chart.getByRole('img', { name: /Delivery attempts by subscription, last 7 days: 4 in all/ }).waitFor()
    await expect(chart.locator('rect title').allTextContents()).resolves.toEqual([
      'https://hooks.example.com/e2e-chart (75 % succeeded), succeeded: 3',
      'https://hooks.example.com/e2e-chart (75 % succeeded), failed: 1',
    ])
    await chart.scrollIntoViewIfNeeded()
    await screenshot(page, '78-webhooks-success-chart')
  }, 5 * MINUTE)
})

describe('the Health page', () => {
  test('charts the outbox depth (empty until messages wait) and the calls per hour by door of the last day', async () => {
    await page.goto(`${server.url}/control-plane/status`)
    await page.getByTestId('outbox-depth').getByText(/Nothing waited for delivery in the last 24 hours/).scrollIntoViewIfNeeded()
    await screenshot(page, '79-health-outbox-empty')
    // Three messages waiting since five hours ago, of a topic nobody handles and not due before tomorrow, one delivered two hours ago.
    const createdAt = new Date(Date.now() - 5 * HOUR)
    const waiting = []
    for (let i = 0; i < 3; i++) {
      waiting.push(await db.svcOutboxMessage.create({ data: { topic: 'e2e.chart', orderingKey: `e2e-chart-${i}`, createdAt, nextAttemptAt: new Date(Date.now() + 24 * HOUR) } }))
    }
    await db.svcOutboxMessage.update({ where: { id: waiting[0]!.id }, data: { status: 'delivered', deliveredAt: new Date(Date.now() - 2 * HOUR) } })
    await page.reload()
    const depth = page.getByTestId('outbox-depth-chart')
    await depth.getByRole('img', { name: /Outbox messages waiting at the end of each hour, last 24 hours: 2 now/ }).waitFor()
    const depths = await depth.locator('rect title').allTextContents()
    expect(depths).toContain(`${createdAt.toISOString().slice(0, 13)}, waiting: 3`)
    expect(depths.at(-1)).toMatch(/, waiting: 2$/)
    await depth.scrollIntoViewIfNeeded()
    await screenshot(page, '80-health-outbox-depth')
    // Every call is audited, the Admin UI's own included: this page's calls are the Admin UI bar of the current hour.
    const activity = page.getByTestId('audit-activity-chart')
    await activity.getByRole('img', { name: /Audited calls per hour by door, last 24 hours/ }).waitFor()
    await expect(activity.getByText('Admin UI').count()).resolves.toBeGreaterThan(0)
    await activity.scrollIntoViewIfNeeded()
    await screenshot(page, '81-health-audit-activity')
  }, 5 * MINUTE)
})
