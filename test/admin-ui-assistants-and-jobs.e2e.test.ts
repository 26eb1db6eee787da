// @svc-provider-independent: what Chromium adds is the pages; the operations they call run on both providers in their own files (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import type { BuiltServer } from './support/built-server.ts'
import { startAdminUiSession } from './support/admin-ui-session.ts'
import { screenshot } from './support/browser.ts'
import { openPrisma } from './support/database.ts'
import { createPost } from './support/posts.ts'

/** Issue 42's pages in the built Admin UI, in headless Chromium, on one server: Connect an assistant, the Pipelines page's jobs, the Leads chart. */
let server: BuiltServer
let browser: Browser
let page: Page
let db: ReturnType<typeof openPrisma>

const MINUTE = 60_000

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
    const runner = page.getByTestId('batch-runner')
    await runner.getByRole('textbox', { name: 'Content source' }).fill('e2e-wire')
    await runner.getByRole('button', { name: 'Start' }).click()
    const bar = runner.locator('[data-status="succeeded"]')
    await bar.waitFor()
    await expect(bar.textContent()).resolves.toContain('3 of 3')
    await page.getByTestId('jobs-panel').getByText(/dry_run 3/).waitFor()
    await page.getByTestId('batch-runner').scrollIntoViewIfNeeded()
    await screenshot(page, '71-pipelines-batch-job')
  }, 5 * MINUTE)
})

describe('the Leads page', () => {
  test('says what its chart will show while there is no lead, and charts leads per day by source once they exist', async () => {
    await page.goto(`${server.url}/control-plane/leads`)
    await page.getByTestId('leads-per-day').getByText(/No lead in the last 30 days/).waitFor()
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
  }, 5 * MINUTE)
})
