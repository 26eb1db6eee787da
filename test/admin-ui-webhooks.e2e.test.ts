// @svc-provider-independent: what Chromium adds is the pages; the webhook operations and deliveries run on both providers in webhooks.test.ts and built-server.test.ts (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import type { BuiltServer } from './support/built-server.ts'
import { startAdminUiSession } from './support/admin-ui-session.ts'
import { screenshot } from './support/browser.ts'
import { openPrisma } from './support/database.ts'
import { startReceiver, type Receiver } from './support/webhooks.ts'

/** The Webhooks page and the Health page's disabled subscriptions, in the built Admin UI, in headless Chromium. */
let server: BuiltServer
let browser: Browser
let page: Page
let db: ReturnType<typeof openPrisma>
let receiver: Receiver

const MINUTE = 60_000

beforeAll(async () => {
  receiver = await startReceiver()
  ;({ server, browser, page } = await startAdminUiSession({ env: { SVC_OUTBOUND_ALLOW: '127.0.0.1' } }))
  db = openPrisma(server.databaseUrl)
}, 15 * MINUTE)

afterAll(async () => {
  await browser?.close()
  await db?.$disconnect()
  await server?.stop()
  await receiver?.close()
}, MINUTE)

describe('the Webhooks page', () => {
  test('adds a subscription showing its secret once, sends a signed test event, lists the delivery and resends it', async () => {
    await page.goto(`${server.url}/control-plane/webhooks`)
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor()
    await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url)
    await page.getByRole('textbox', { name: 'Event types' }).fill('lead.*')
    await page.getByRole('button', { name: 'Add subscription' }).click()
    const secret = (await page.getByTestId('webhook-secret-plaintext').textContent())!
    expect(secret).toMatch(/^whsec_/)
    await screenshot(page, '40-webhooks-secret-once')
    await page.getByTestId('webhook-secret').getByRole('button', { name: 'Done' }).click()
    await expect(page.getByText(secret).count()).resolves.toBe(0)

    await page.getByRole('button', { name: 'Send test event' }).click()
    await page.getByTestId('webhook-test-outcome').getByText(/delivered \(200\)/).waitFor()
    const event = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as { id: string, type: string }
    expect(event.type).toBe('webhook.test')
    await page.getByRole('cell', { name: /webhook\.test/ }).first().waitFor()
    await screenshot(page, '41-webhooks-test-delivered')

    await page.getByRole('button', { name: `Resend ${event.id}` }).first().click()
    await receiver.accepted(2)
    expect(receiver.received[1]!.headers['webhook-id']).toBe(event.id)
  }, 5 * MINUTE)

  test('the Health page names a subscription the control plane disabled, with the reason', async () => {
    const subscription = await db.svcWebhookSubscription.findFirstOrThrow()
    await db.svcWebhookSubscription.update({
      where: { id: subscription.id },
      data: { enabled: false, disabledReason: 'deliveries failed from 2026-01-01T00:00:00.000Z to 2026-01-04T00:00:01.000Z (last: answered 500)' },
    })
    await page.goto(`${server.url}/control-plane/status`)
    const panel = page.getByTestId('health-disabled-webhooks')
    await panel.getByText(/answered 500/).waitFor()
    await expect(panel.getByText(receiver.url).count()).resolves.toBe(1)
    await screenshot(page, '42-health-disabled-webhook')
  }, 5 * MINUTE)
})
