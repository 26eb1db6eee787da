// @svc-provider-independent: what Chromium adds is the pages; every operation they call runs on both providers in built-server.test.ts (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import type { Browser, Page } from 'playwright-core'
import { CONSOLE_PAGE, consoleHref } from '../packages/control-plane/admin/lib/control-plane-pages.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import type { Manifest } from '../packages/control-plane/admin/lib/svc-client.ts'
import type { BuiltServer } from './support/built-server.ts'
import { startAdminUiSession } from './support/admin-ui-session.ts'
import { chooseOption, openPage, screenshot, signInThroughAdminUi } from './support/browser.ts'
import { openPrisma } from './support/database.ts'
import { createAccount } from './support/accounts.ts'
import { BASE } from './support/client.ts'
import { FIRST_RELEASE } from '../packages/control-plane/src/platform/version.ts'

/**
 * The control-plane pages in the real Admin UI: `keystone start` serving the built Next.js app,
 * driven by headless Chromium, with the API checked beside it over HTTP.
 */
let server: BuiltServer
let browser: Browser
let page: Page
let mintedKey = ''

const SECOND = 1000
const MINUTE = 60 * SECOND

const dispatchWithKey = (key: string, body: object) => request(server.url)
  .post(`${BASE}/manage/dispatch`)
  .set('Authorization', `Bearer ${key}`)
  .send(body)

async function visit (path: string) {
  await page.goto(`${server.url}${path}`)
}

/** The manifest as the signed-in browser gets it. */
function manifestInBrowser (target: Page): Promise<{ status: number, body: { data: Manifest | null, code?: string } }> {
  return target.evaluate(async base => {
    const response = await fetch(`${base}/manage/manifest`)
    return { status: response.status, body: await response.json() }
  }, BASE)
}

beforeAll(async () => {
  ({ server, browser, page } = await startAdminUiSession())
}, 15 * MINUTE)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
}, MINUTE)

describe('the control plane in the Admin UI, in headless Chromium', () => {
  test('an administrator finds in the navigation every page the installed resources declare whose operations the manifest offers, and only those', async () => {
    await visit('/')
    const { status, body } = await manifestInBrowser(page)
    expect(status).toBe(200)
    const offered = new Set(body.data!.operations.map(operation => operation.name))
    const declared = body.data!.admin_pages
    expect(declared.slice(0, -1)).toEqual(builtinResources.flatMap(resource => resource.adminPages))
    const navigation = page.getByRole('navigation', { name: 'main' })
    await navigation.getByRole('link', { name: 'Operations' }).waitFor()
    await screenshot(page, '01-dashboard')
    for (const entry of [CONSOLE_PAGE, ...declared]) {
      const present = entry.requires.every(name => offered.has(name))
      await expect(navigation.getByRole('link', { name: entry.label, exact: true }).count()).resolves.toBe(present ? 1 : 0)
      await visit(entry.path)
      const page_ = page.getByTestId(`control-plane-page-${entry.path.slice(1).replace(/\?.*$/, '')}`)
      await page_.waitFor()
      if (present) {
        await page.getByRole('heading', { name: entry.title, level: 1 }).waitFor()
        await page.waitForLoadState('networkidle')
        await expect(page.getByTestId('control-plane-missing').count()).resolves.toBe(0)
        await expect(page.getByTestId('svc-failure').count()).resolves.toBe(0)
      } else {
        await page.getByTestId('control-plane-missing').waitFor()
      }
      await screenshot(page, `02-page-${entry.label.toLowerCase().replaceAll(' ', '-')}`)
    }
  }, 5 * MINUTE)

  test('a key minted on the API keys page is shown once, works over HTTP, and is listed without its secret', async () => {
    await visit('/control-plane/api-keys')
    await page.getByRole('textbox', { name: 'Label' }).fill('e2e pipeline')
    await page.getByRole('button', { name: 'Mint key' }).click()
    const plaintext = page.getByTestId('minted-key-plaintext')
    mintedKey = (await plaintext.textContent())!.trim()
    expect(mintedKey).toMatch(/^svc_[a-z0-9]+_[A-Za-z0-9_-]+$/)
    await page.getByText(/shown only this once/).waitFor()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await page.getByRole('button', { name: 'Copy', exact: true }).click()
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor()
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(mintedKey)
    await page.locator('tr', { hasText: 'e2e pipeline' }).getByText('active').waitFor()
    await screenshot(page, '03-api-key-minted')

    const listed = await dispatchWithKey(mintedKey, { resource: 'api_keys', action: 'list' })
    expect(listed.status).toBe(200)
    expect(listed.body.data.keys.map((key: { label: string }) => key.label)).toContain('e2e pipeline')
    expect(listed.text).not.toContain(mintedKey)

    await page.reload()
    await page.locator('tr', { hasText: 'e2e pipeline' }).waitFor()
    expect(await page.content()).not.toContain(mintedKey)
  }, 3 * MINUTE)

  test('a key minted with a pinned version shows its pin in the list; a pin this site cannot serve is refused and nothing is minted', async () => {
    await visit('/control-plane/api-keys')
    await page.getByRole('textbox', { name: 'Label' }).fill('e2e ahead')
    await page.getByRole('textbox', { name: 'Pinned version' }).fill('9.0.000')
    await page.getByRole('button', { name: 'Mint key' }).click()
    await page.getByText(/pinned_version 9\.0\.000: it is newer than the installed version/).waitFor()
    await page.getByRole('textbox', { name: 'Label' }).fill('e2e pinned')
    await page.getByRole('textbox', { name: 'Pinned version' }).fill(FIRST_RELEASE)
    await page.getByRole('button', { name: 'Mint key' }).click()
    await page.getByTestId('minted-key-plaintext').waitFor()
    await page.locator('tr', { hasText: 'e2e pinned' }).getByText(`pinned to ${FIRST_RELEASE}`).waitFor()
    await screenshot(page, '03b-api-key-pinned')
    const keys = (await dispatchWithKey(mintedKey, { resource: 'api_keys', action: 'list' })).body.data.keys as { label: string, pinned_version: string | null }[]
    expect(keys.filter(key => ['e2e pinned', 'e2e pipeline', 'e2e ahead'].includes(key.label)).map(key => [key.label, key.pinned_version])).toEqual([['e2e pinned', FIRST_RELEASE], ['e2e pipeline', null]])
  }, 3 * MINUTE)

  test('the operations that rely on ESM-only packages work in the server Keystone bundles', async () => {
    const lead = await dispatchWithKey(mintedKey, { resource: 'leads', action: 'capture', params: { source: 'e2e', email: 'e2e@example.com' } })
    expect(lead.body).toMatchObject({ ok: true, data: { ref: expect.stringMatching(/^ld_/) } })
    const verified = await dispatchWithKey(mintedKey, { resource: 'leads', action: 'verify', params: { id: lead.body.data.id } })
    expect(verified.body.data.chain).toEqual({ ok: true, count: 1, broken_at: null })
    const role = await dispatchWithKey(mintedKey, { resource: 'roles', action: 'create', params: { name: 'Fact Checker' } })
    expect(role.body).toMatchObject({ ok: true, data: { slug: 'fact-checker' } })
    const source = await dispatchWithKey(mintedKey, { resource: 'content_sources', action: 'create', params: { name: 'E2E feed', auth_mode: 'none' } })
    expect(source.body).toMatchObject({ ok: true, data: { slug: 'e2e-feed' } })
    const member = await dispatchWithKey(mintedKey, { resource: 'users', action: 'create', params: { first_name: 'Ada', email: 'ada@example.com' } })
    expect(member.body.ok).toBe(true)
    const page = await request(server.url).get(`/team/${member.body.data.user_num}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Ada')
  }, MINUTE)

  test('crm.create run through the console form is listed on the CRM page and over HTTP', async () => {
    await visit(consoleHref('crm.create'))
    await page.getByTestId('operation-name').filter({ hasText: 'crm.create' }).waitFor()
    await page.getByRole('textbox', { name: 'name', exact: true }).fill('Pipedrive')
    await page.getByRole('textbox', { name: 'url', exact: true }).fill('https://example.pipedrive.com')
    await page.getByRole('button', { name: 'Run crm.create' }).click()
    const result = page.locator('[data-testid="dispatch-result"][data-ok="true"]')
    await result.getByText('"crm_num": "001"').waitFor()
    await screenshot(page, '04-console-crm-create')

    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'CRM', exact: true }).click()
    const row = page.locator('tr[data-row="001"]')
    await row.getByText('Pipedrive', { exact: true }).waitFor()
    await row.getByRole('link', { name: 'https://example.pipedrive.com' }).waitFor()
    await screenshot(page, '05-crm-listed')

    const listed = await dispatchWithKey(mintedKey, { resource: 'crm', action: 'list' })
    expect(listed.body.data.crms).toEqual([expect.objectContaining({ crm_num: '001', name: 'Pipedrive' })])
  }, 3 * MINUTE)

  test('the operations console links the API reference, which renders every resource from this site alone', async () => {
    const { body } = await manifestInBrowser(page)
    const resources = [...new Set(body.data!.operations.map(operation => operation.resource))]
    const offSite: string[] = []
    // These machines have no internet, and the reference page must need none: whatever it asks of
    // another site fails the test (the Admin UI's own web-font request is not its business).
    await page.context().route(url => url.origin !== server.url, route => {
      if (route.request().frame().page() !== page) offSite.push(route.request().url())
      return route.abort()
    })
    await visit(CONSOLE_PAGE.path)
    const link = page.getByRole('button', { name: 'API reference' })
    await expect(link.getAttribute('href')).resolves.toBe(`${BASE}/docs`)
    const [reference] = await Promise.all([page.context().waitForEvent('page'), link.click()])
    try {
      await reference.waitForURL(`${server.url}${BASE}/docs`)
      for (const resource of resources) await reference.locator(`.opblock-tag[data-tag="${resource}"]`).waitFor()
      await expect(reference.locator('.opblock-tag').count()).resolves.toBe(resources.length + 1)
      // Tags start collapsed (131 operations); each one opened renders all of its operations. Each is
      // closed again before the next, as a reader would: with every one open, Swagger UI stops
      // rendering partway through a document of this size (reference-page.ts).
      for (const resource of resources) {
        const section = reference.locator('.opblock-tag-section', { has: reference.locator(`.opblock-tag[data-tag="${resource}"]`) })
        await section.locator('.opblock-tag').click()
        const count = body.data!.operations.filter(operation => operation.resource === resource).length
        await section.locator('.opblock').nth(count - 1).waitFor()
        await section.locator('.opblock-tag').click()
      }
      await reference.locator('.opblock-tag[data-tag="crm"]').click()
      await reference.getByText('crm.create', { exact: true }).first().waitFor()
      await screenshot(reference, '13-api-reference')
      const crmCreate = reference.locator('.opblock', { hasText: '/manage/crm/create' })
      await crmCreate.locator('.opblock-summary').click()
      await crmCreate.locator('.opblock-body').waitFor()
      await crmCreate.scrollIntoViewIfNeeded()
      await screenshot(reference, '14-api-reference-crm-create')
      expect(offSite).toEqual([])
    } finally {
      await reference.close()
      await page.context().unrouteAll()
    }
  }, 3 * MINUTE)

  test('a destructive operation run without the confirm box is refused with confirm_required, and runs once confirmed', async () => {
    await visit(consoleHref('crm.delete', { crm_num: '1' }))
    await expect(page.getByRole('textbox', { name: 'crm_num', exact: true }).inputValue()).resolves.toBe('1')
    await page.getByRole('button', { name: 'Run crm.delete' }).click()
    const refusal = page.locator('[data-testid="dispatch-result"][data-ok="false"] [data-testid="svc-failure"]')
    await expect(refusal.getAttribute('data-code')).resolves.toBe('confirm_required')
    await refusal.getByText('confirm_required').waitFor()
    await screenshot(page, '06-console-confirm-required')
    const stillThere = await dispatchWithKey(mintedKey, { resource: 'crm', action: 'get', params: { crm_num: '1' } })
    expect(stillThere.status).toBe(200)

    await page.getByRole('checkbox', { name: /I mean to run this destructive operation/ }).check()
    await page.getByRole('button', { name: 'Run crm.delete' }).click()
    await page.locator('[data-testid="dispatch-result"][data-ok="true"]').getByText('"deleted": true').waitFor()
    const gone = await dispatchWithKey(mintedKey, { resource: 'crm', action: 'get', params: { crm_num: '1' } })
    expect(gone.status).toBe(404)
  }, 3 * MINUTE)

  test('the audit log pages through the dispatches and filters the refused ones', async () => {
    await visit('/control-plane/audit-log')
    await page.locator('tr', { hasText: 'crm.create' }).first().waitFor()
    await screenshot(page, '07-audit-log')
    await page.getByRole('button', { name: /Any outcome/ }).click()
    await chooseOption(page, 'Failed')
    const rows = page.locator('tbody tr')
    await page.waitForFunction(() => [...document.querySelectorAll('tbody tr')].every(row => !row.textContent?.includes('crm.create')))
    await rows.filter({ hasText: 'confirm_required' }).first().waitFor()
    await expect(rows.filter({ hasText: /ok · changed/ }).count()).resolves.toBe(0)
    await screenshot(page, '08-audit-log-failed')
  }, 3 * MINUTE)

  test('a key revoked on the API keys page, after confirming, is refused by the API', async () => {
    await visit('/control-plane/api-keys')
    await page.getByRole('button', { name: 'Revoke e2e pipeline' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText(/stops working at once/).waitFor()
    await screenshot(page, '09-api-key-revoke-dialog')
    await dialog.getByRole('button', { name: 'Revoke key' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.locator('tr', { hasText: 'e2e pipeline' }).getByText('revoked').waitFor()
    await screenshot(page, '10-api-key-revoked')

    const refused = await dispatchWithKey(mintedKey, { resource: 'crm', action: 'list' })
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('unauthenticated')
  }, 3 * MINUTE)

  test('a destructive call by an approval-gated key waits on the Approvals page until an administrator approves it there', async () => {
    const minted = await page.evaluate(async base => {
      const response = await fetch(`${base}/manage/dispatch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resource: 'api_keys', action: 'mint', params: { label: 'e2e agent', expires_in_days: 1, approval: 'destructive' } }),
      })
      return (await response.json()).data as { key: string }
    }, BASE)
    const created = await dispatchWithKey(minted.key, { resource: 'crm', action: 'create', params: { name: 'Agent target', url: 'https://crm.example.com' } })
    expect(created.body.ok).toBe(true)
    const crmNum = created.body.data.crm_num as string
    const held = await dispatchWithKey(minted.key, { resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })
    expect(held.status).toBe(202)
    const approvalId = held.body.details.approval_id as string

    await visit('/control-plane/approvals')
    const row = page.locator('tr', { hasText: 'crm.delete' })
    await row.getByText('e2e agent', { exact: false }).or(row.getByText(/svc_/)).first().waitFor()
    await screenshot(page, '10b-approval-pending')
    await row.getByRole('button', { name: 'Approve crm.delete' }).click()
    await page.getByText('Nothing waits for approval.').waitFor()

    const collected = await dispatchWithKey(minted.key, { resource: 'crm', action: 'delete', params: { approval_id: approvalId } })
    expect(collected.status).toBe(200)
    expect(collected.body.data).toEqual({ crm_num: crmNum, deleted: true })
  }, 3 * MINUTE)

  test('an administrator signs a team member out everywhere on the Team page, after confirming: the member\'s open Admin UI session ends', async () => {
    const db = openPrisma(server.databaseUrl)
    const editor = await createAccount(db, 'editor')
    await db.$disconnect()
    const viaSession = (target: Page, body: object) => target.evaluate(async ({ base, body }) => {
      const response = await fetch(`${base}/manage/dispatch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: response.status, body: await response.json() }
    }, { base: BASE, body })
    await visit('/')
    const created = await viaSession(page, { resource: 'users', action: 'create', params: { first_name: 'Sam', last_name: 'Session', email: 'sam.session@example.com' } })
    expect(created.status).toBe(200)
    const linked = await viaSession(page, { resource: 'users', action: 'link_account', params: { user_num: created.body.data.user_num, account_id: editor.id } })
    expect(linked.status).toBe(200)

    const editorPage = await openPage(browser)
    try {
      await signInThroughAdminUi(editorPage, server.url, editor.email, editor.password)
      const signedIn = await editorPage.evaluate(async () => (await fetch('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ authenticatedItem { __typename } }' }) })).json())
      expect(signedIn.data.authenticatedItem).not.toBeNull()

      await visit('/control-plane/team')
      await page.getByRole('button', { name: 'Sign Sam Session out everywhere' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByText(/on every device/).waitFor()
      await screenshot(page, '10c-sign-out-everywhere-dialog')
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page.getByTestId('signed-out-everywhere').waitFor()

      const after = await editorPage.evaluate(async () => (await fetch('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ authenticatedItem { __typename } }' }) })).json())
      expect(after.data.authenticatedItem).toBeNull()
      // The administrator's own session is untouched.
      expect((await viaSession(page, { resource: 'users', action: 'list' })).status).toBe(200)
    } finally {
      await editorPage.context().close()
    }
  }, 3 * MINUTE)

  test('a signed-in subscriber sees no control-plane page, dispatch refuses it with 403, and it can sign out', async () => {
    const db = openPrisma(server.databaseUrl)
    const subscriber = await createAccount(db, 'subscriber')
    await db.$disconnect()
    const subscriberPage = await openPage(browser)
    try {
      await signInThroughAdminUi(subscriberPage, server.url, subscriber.email, subscriber.password)
      await subscriberPage.goto(`${server.url}/`)
      const navigation = subscriberPage.getByRole('navigation', { name: 'main' })
      await navigation.getByRole('link', { name: 'Users' }).waitFor()
      await subscriberPage.waitForLoadState('networkidle')
      for (const entry of [CONSOLE_PAGE, ...builtinResources.flatMap(resource => resource.adminPages)]) {
        await expect(navigation.getByRole('link', { name: entry.label, exact: true }).count()).resolves.toBe(0)
      }
      await expect(subscriberPage.getByText('CRM connections').count()).resolves.toBe(0)
      await screenshot(subscriberPage, '11-subscriber-dashboard')

      await subscriberPage.goto(`${server.url}/control-plane/api-keys`)
      await subscriberPage.getByTestId('control-plane-denied').waitFor()
      await expect(subscriberPage.getByRole('textbox', { name: 'Label' }).count()).resolves.toBe(0)
      await screenshot(subscriberPage, '12-subscriber-denied')

      const viaSession = await subscriberPage.evaluate(async base => {
        const response = await fetch(`${base}/manage/dispatch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ resource: 'crm', action: 'list', params: {} }),
        })
        return { status: response.status, body: await response.json() }
      }, BASE)
      expect(viaSession.status).toBe(403)
      expect(viaSession.body.code).toBe('forbidden')
      const viaKey = await dispatchWithKey(subscriber.key, { resource: 'crm', action: 'list' })
      expect(viaKey.status).toBe(403)

      await subscriberPage.getByRole('button', { name: 'Sign out' }).click()
      await subscriberPage.waitForURL(url => url.pathname.startsWith('/signin'))
    } finally {
      await subscriberPage.context().close()
    }
  }, 3 * MINUTE)
})
