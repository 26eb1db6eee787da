// @svc-provider-independent: what Chromium adds is the consent and Connected apps pages; the same flow, its grants and tokens run on both providers in oauth.test.ts (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { ensureBuilt } from '../scripts/lib/build.ts'
import { startBuiltServer, type BuiltServer } from './support/built-server.ts'
import { launchChromium, openPage, screenshot } from './support/browser.ts'
import { connectMcp } from './support/mcp-client.ts'
import { form, pkcePair } from './support/oauth-flow.ts'
import { startLoopbackServer, type LoopbackServer } from './support/loopback-peer.ts'

/**
 * A hosted connector's sign-in as a person sees it: `keystone start` serving the built Admin UI,
 * headless Chromium on the authorization, sign-in, consent and connected-apps pages, and the
 * connector's own requests (discovery, registration, token, MCP) over HTTP beside it.
 */
const MINUTE = 60_000
const NAMESPACE = '/api/svc/v1'
/** Registration is off by default; this site turns it on with an initial access token. */
const REGISTRATION_TOKEN = 'registration-token-of-the-chromium-connector-test'

let server: BuiltServer
let browser: Browser
let page: Page
let connector: LoopbackServer
/** The connector's redirect URI: a real server on loopback, the browser's last stop. */
let REDIRECT = ''

beforeAll(async () => {
  await ensureBuilt({ ui: true })
  server = await startBuiltServer({ env: { SVC_OAUTH_DYNAMIC_REGISTRATION: 'true', SVC_OAUTH_REGISTRATION_TOKEN: REGISTRATION_TOKEN } })
  browser = await launchChromium()
  page = await openPage(browser)
  page.setDefaultTimeout(30_000)
  page.setDefaultNavigationTimeout(120_000)
  connector = await startLoopbackServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }).end('connector') })
  REDIRECT = `${connector.url}/connector/callback`
}, 15 * MINUTE)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await connector?.close()
}, MINUTE)

const dispatchWith = (token: string, body: object) => fetch(`${server.url}${NAMESPACE}/manage/dispatch`, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
})

describe('a hosted connector signs in with OAuth, in headless Chromium', () => {
  test('discover from the MCP 401 → register → authorize → sign in → consent (one scope unchecked) → token → MCP and dispatch → refresh → disconnect in Connected apps → 401', async () => {
    const challenge = (await fetch(`${server.url}${NAMESPACE}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' }))
    expect(challenge.status).toBe(401)
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge.headers.get('www-authenticate') ?? '')![1]!
    const resource = await (await fetch(metadataUrl)).json() as { resource: string, authorization_servers: string[] }
    const metadata = await (await fetch(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`)).json() as Record<string, string>
    const registered = await (await fetch(metadata.registration_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${REGISTRATION_TOKEN}` },
      body: JSON.stringify({ client_name: 'Chromium connector', redirect_uris: [REDIRECT], application_type: 'native', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }),
    })).json() as { client_id: string }

    const { verifier, challenge: codeChallenge } = pkcePair()
    await page.goto(`${metadata.authorization_endpoint}?${new URLSearchParams({
      client_id: registered.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'variables leads', state: 'xyz',
      code_challenge: codeChallenge, code_challenge_method: 'S256', resource: resource.resource,
    })}`)
    await page.waitForURL(url => url.pathname === '/signin')
    await page.getByRole('textbox', { name: 'Email' }).fill(server.admin.email)
    await page.getByRole('textbox', { name: 'Password' }).fill(server.admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('oauth-consent').waitFor().catch(async (error: Error) => {
      await screenshot(page, 'oauth-consent-missing')
      throw new Error(`${error.message}\nat ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`)
    })
    await expect(page.getByTestId('oauth-consent-client-id').textContent()).resolves.toBe(registered.client_id)
    await expect(page.getByTestId('oauth-consent-redirect').textContent()).resolves.toBe(REDIRECT)
    // A registered client named itself: the page says so, and shows where access goes.
    await page.getByText(`An unverified app calling itself “Chromium connector” asks to use this site as ${server.admin.email}`).waitFor()
    await page.getByTestId('oauth-consent-unverified').waitFor()
    await expect(page.getByTestId('oauth-consent-redirect-host').textContent()).resolves.toBe(`Access goes to ${new URL(REDIRECT).host}`)
    await screenshot(page, 'oauth-consent')
    await page.getByRole('checkbox', { name: 'leads' }).uncheck()
    await page.getByTestId('oauth-allow').click()
    await page.waitForURL(url => url.href.startsWith(REDIRECT))
    const callback = new URL(page.url())
    expect(callback.searchParams.get('state')).toBe('xyz')

    const tokens = await form(metadata.token_endpoint!, { grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: registered.client_id, code_verifier: verifier })
    expect(tokens.status).toBe(200)
    expect(tokens.body.scope).toBe('variables')

    const mcp = await connectMcp(server.url, tokens.body.access_token)
    const names = (await mcp.listTools()).tools.map(tool => tool.name)
    expect(names).toContain('variables-list')
    expect(names).not.toContain('leads-list')
    expect((await mcp.callTool({ name: 'variables-list', arguments: {} })).isError).toBeFalsy()
    await mcp.close()
    expect((await dispatchWith(tokens.body.access_token, { resource: 'variables', action: 'list' })).status).toBe(200)
    expect((await dispatchWith(tokens.body.access_token, { resource: 'leads', action: 'list' })).status).toBe(403)

    const refreshed = await form(metadata.token_endpoint!, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, client_id: registered.client_id })
    expect(refreshed.status).toBe(200)
    const access = refreshed.body.access_token as string
    expect((await dispatchWith(access, { resource: 'variables', action: 'list' })).status).toBe(200)
    expect((await form(metadata.token_endpoint!, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, client_id: registered.client_id })).status).toBe(400)

    // Reuse revoked that grant; a second consent gives the app a grant to disconnect from the page.
    const second = pkcePair()
    await page.goto(`${metadata.authorization_endpoint}?${new URLSearchParams({
      client_id: registered.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'variables read_only', code_challenge: second.challenge, code_challenge_method: 'S256',
    })}`)
    // A requested read_only is offered checked, so allowing keeps the app read-only.
    await expect(page.getByRole('checkbox', { name: /^read_only/ }).isChecked()).resolves.toBe(true)
    await page.getByTestId('oauth-allow').click()
    await page.waitForURL(url => url.href.startsWith(REDIRECT))
    const again = await form(metadata.token_endpoint!, { grant_type: 'authorization_code', code: new URL(page.url()).searchParams.get('code')!, redirect_uri: REDIRECT, client_id: registered.client_id, code_verifier: second.verifier })
    expect(again.body.scope).toBe('variables read_only')
    expect((await dispatchWith(again.body.access_token, { resource: 'variables', action: 'list' })).status).toBe(200)

    await page.goto(`${server.url}/control-plane/connected-apps`)
    const row = page.getByRole('row', { name: /Chromium connector/ })
    await row.waitFor()
    await screenshot(page, 'oauth-connected-apps')
    await row.getByRole('button', { name: 'Disconnect' }).click()
    await row.waitFor({ state: 'detached' })
    const refused = await dispatchWith(again.body.access_token, { resource: 'variables', action: 'list' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=')
  }, 5 * MINUTE)
})
