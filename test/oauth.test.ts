import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { sessionCookie } from './support/session-client.ts'
import { connectMcp } from './support/mcp-client.ts'
import { CookieJar, authorizeWithConsent, browse, follow, form, pkcePair } from './support/oauth-flow.ts'
import { startTestServer, type ListeningServer } from './support/in-process-server.ts'
import { ListWrites } from '../packages/control-plane/src/platform/db/write-observer.ts'
import type { JsonObject } from './support/json.ts'

const REDIRECT = 'http://127.0.0.1:9/callback'
/** Registration is off unless an operator turns it on, and then takes this initial access token. */
const REGISTRATION_TOKEN = 'registration-token-for-the-oauth-tests-0123456789'
/** Every flow of this file comes from one address; the limiter has its own tests. */
const REGISTERING = { oauth: { dynamicRegistration: true, registrationToken: REGISTRATION_TOKEN, rateLimit: false as const } }
const NAMESPACE = '/api/svc/v1'

let site: ListeningServer
let admin: TestAccount
/** Every write this file's site makes to the OAuth records through its Prisma client, whether or not it changes a row. */
const oauthRecordWrites = new ListWrites(['svc_oauth_records'])

beforeAll(async () => {
  site = await startTestServer({ controlPlane: REGISTERING, host: { writes: oauthRecordWrites }, listen: true })
  admin = await createAccount(site.db)
})
afterAll(async () => { await site?.close() })

async function discover (origin: string) {
  const unauthenticated = await fetch(`${origin}${NAMESPACE}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  })
  expect(unauthenticated.status).toBe(401)
  const challenge = unauthenticated.headers.get('www-authenticate') ?? ''
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1]
  expect(metadataUrl).toBe(`${origin}/.well-known/oauth-protected-resource${NAMESPACE}/mcp`)
  const resource = await (await fetch(metadataUrl!)).json() as { resource: string, authorization_servers: string[], scopes_supported: string[] }
  expect(resource.resource).toBe(`${origin}${NAMESPACE}/mcp`)
  const server = await (await fetch(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`)).json() as JsonObject
  return { resource, server }
}

async function register (registrationEndpoint: string): Promise<string> {
  const response = await fetch(registrationEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${REGISTRATION_TOKEN}` },
    body: JSON.stringify({
      client_name: 'Test connector', redirect_uris: [REDIRECT], application_type: 'native',
      token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    }),
  })
  const body = await response.json() as { client_id: string }
  if (response.status !== 201) throw new Error(`registration refused: ${response.status} ${JSON.stringify(body)}`)
  return body.client_id
}

/** Authorize → sign in → consent (granting `grant`) → code → tokens, as a browser and a connector would. */
async function signInAndConsent (origin: string, clientId: string, account: TestAccount, scope: string, grant: string[], resource = `${origin}${NAMESPACE}/mcp`) {
  const session = await sessionCookie(site.app, account.email, account.password)
  return authorizeWithConsent({ origin, clientId, redirectUri: REDIRECT, scope, grant, resource, session })
}

const dispatchWith = (origin: string, token: string, body: object) => fetch(`${origin}${NAMESPACE}/manage/dispatch`, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
})

describe('a connector that knows only the MCP endpoint signs in with OAuth', () => {
  test('discover → register → sign in → consent → token → MCP and dispatch → refresh rotates → revoke → 401', async () => {
    const { origin } = site
    const { resource, server } = await discover(origin)
    expect(server.issuer).toBe(origin)
    expect(server.code_challenge_methods_supported).toEqual(['S256'])
    expect(resource.scopes_supported).toEqual(expect.arrayContaining(['manage_options', 'leads']))
    const clientId = await register(server.registration_endpoint)
    const { tokens, details } = await signInAndConsent(origin, clientId, admin, 'manage_options read_only', ['manage_options'])
    expect(details.scopes).toEqual(['manage_options', 'read_only'])
    expect(tokens.scope).toBe('manage_options')
    expect(tokens.expires_in).toBe(600)
    // Stored hashed: neither token appears in the database.
    const stored = await site.db.svcOAuthRecord.findMany()
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token)
    expect(JSON.stringify(stored)).not.toContain(tokens.refresh_token)

    const mcp = await connectMcp(origin, tokens.access_token)
    const { tools } = await mcp.listTools()
    expect(tools.map(tool => tool.name)).toContain('variables-list')
    const listed = await mcp.callTool({ name: 'variables-list', arguments: {} })
    expect(listed.isError).toBeFalsy()
    await mcp.close()

    const dispatched = await dispatchWith(origin, tokens.access_token, { resource: 'variables', action: 'list' })
    expect(dispatched.status).toBe(200)
    const audit = await site.db.svcAuditEntry.findFirst({ where: { channel: 'dispatch', operation: 'variables.list' }, orderBy: { id: 'desc' } })
    expect(audit).toMatchObject({ mode: 'oauth', actorEmail: admin.email, keyId: `oauth:${clientId}` })

    const refreshed = await form(`${origin}/oauth/token`, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token)
    expect((await dispatchWith(origin, refreshed.body.access_token, { resource: 'variables', action: 'list' })).status).toBe(200)
    // Reuse of a rotated refresh token is theft or a bug: the whole grant goes.
    const reused = await form(`${origin}/oauth/token`, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    expect((await dispatchWith(origin, refreshed.body.access_token, { resource: 'variables', action: 'list' })).status).toBe(401)
    const afterReuse = await form(`${origin}/oauth/token`, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, client_id: clientId })
    expect(afterReuse.status).toBe(400)
  })

  test('the revocation endpoint ends a token at once', async () => {
    const { origin } = site
    const clientId = await register(`${origin}/oauth/register`)
    const { tokens } = await signInAndConsent(origin, clientId, admin, 'variables', ['variables'])
    expect((await dispatchWith(origin, tokens.access_token, { resource: 'variables', action: 'list' })).status).toBe(200)
    const revoked = await fetch(`${origin}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: tokens.access_token, client_id: clientId }) })
    expect(revoked.status).toBe(200)
    const refused = await dispatchWith(origin, tokens.access_token, { resource: 'variables', action: 'list' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource${NAMESPACE}/mcp"`)
  })

  test('a call with a token whose grant was used less than a minute ago issues no write statement; an older one writes the last use', async () => {
    const { origin } = site
    const clientId = await register(`${origin}/oauth/register`)
    const { tokens } = await signInAndConsent(origin, clientId, admin, 'variables', ['variables'])
    const grantRow = { model: 'Grant', clientId }
    const statementsOfCall = async () => {
      const before = oauthRecordWrites.version
      expect((await dispatchWith(origin, tokens.access_token, { resource: 'variables', action: 'list' })).status).toBe(200)
      return oauthRecordWrites.version - before
    }
    const lastUsed = async () => (await site.db.svcOAuthRecord.findFirstOrThrow({ where: grantRow })).lastUsedAt
    const setLastUsed = (at: Date) => site.db.svcOAuthRecord.updateMany({ where: grantRow, data: { lastUsedAt: at } })
    const recent = new Date(Date.now() - 30_000)
    await setLastUsed(recent)
    expect(await statementsOfCall()).toBe(0)
    expect(await lastUsed()).toEqual(recent)
    const stale = new Date(Date.now() - 120_000)
    await setLastUsed(stale)
    expect(await statementsOfCall()).toBeGreaterThan(0)
    expect((await lastUsed())!.getTime()).toBeGreaterThan(stale.getTime() + 60_000)
  })

  test('connected apps lists the grant, and disconnecting it ends its access and refresh tokens at once', async () => {
    const { origin } = site
    const clientId = await register(`${origin}/oauth/register`)
    const { tokens } = await signInAndConsent(origin, clientId, admin, 'variables read_only', ['variables', 'read_only'])
    expect(tokens.scope).toBe('variables read_only')
    expect((await dispatchWith(origin, tokens.access_token, { resource: 'variables', action: 'list' })).status).toBe(200)
    const session = await sessionCookie(site.app, admin.email, admin.password)
    const asSession = (body: object) => fetch(`${origin}${NAMESPACE}/manage/dispatch`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: session, origin }, body: JSON.stringify(body),
    })
    const listed = await (await asSession({ resource: 'connected_apps', action: 'list' })).json() as { data: { apps: { grant_id: string, client_id: string, client_name: string, scopes: string[], last_used_at: string | null }[] } }
    const app = listed.data.apps.find(entry => entry.client_id === clientId)!
    expect(app).toMatchObject({ client_name: 'Test connector', scopes: ['read_only', 'variables'] })
    expect(app.last_used_at).not.toBeNull()
    // Neither a key nor the app itself may see or end grants.
    expect((await dispatchWith(origin, tokens.access_token, { resource: 'connected_apps', action: 'list' })).status).toBe(403)
    const revoked = await asSession({ resource: 'connected_apps', action: 'revoke', params: { grant_id: app.grant_id }, confirm: true })
    expect(revoked.status).toBe(200)
    expect((await dispatchWith(origin, tokens.access_token, { resource: 'variables', action: 'list' })).status).toBe(401)
    const refreshed = await form(`${origin}/oauth/token`, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    const again = await (await asSession({ resource: 'connected_apps', action: 'list' })).json() as { data: { apps: { client_id: string }[] } }
    expect(again.data.apps.map(entry => entry.client_id)).not.toContain(clientId)
  })

  test('a token without the scope an operation needs gets 403 insufficient_scope naming it', async () => {
    const { origin } = site
    const clientId = await register(`${origin}/oauth/register`)
    const { tokens } = await signInAndConsent(origin, clientId, admin, 'variables leads', ['variables'])
    expect(tokens.scope).toBe('variables')
    const refused = await dispatchWith(origin, tokens.access_token, { resource: 'leads', action: 'list' })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="leads.list"')
    expect(await refused.json()).toMatchObject({ code: 'forbidden', details: { required_scope: 'leads.list' } })
  })

  test('consent cannot grant more than the account holds', async () => {
    const { origin } = site
    const editor = await createAccount(site.db, 'editor')
    const clientId = await register(`${origin}/oauth/register`)
    const jar = new CookieJar()
    const { challenge } = pkcePair()
    const authorize = `${origin}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'manage_options', code_challenge: challenge, code_challenge_method: 'S256' })}`
    const toSignIn = await follow(jar, origin, authorize)
    jar.add(await sessionCookie(site.app, editor.email, editor.password))
    const toConsent = await follow(jar, origin, decodeURIComponent(new URL(toSignIn.url).searchParams.get('from')!))
    const uid = new URL(toConsent.url).searchParams.get('uid')!
    const details = await (await browse(jar, `${origin}/oauth/interaction/${uid}/details`)).json() as { data: { scopes: string[] } }
    expect(details.data.scopes).toEqual([])
    const confirmed = await browse(jar, `${origin}/oauth/interaction/${uid}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ scopes: ['manage_options'] }) })
    expect(confirmed.status).toBe(400)
    const denied = await browse(jar, `${origin}/oauth/interaction/${uid}/deny`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: '{}' })
    const back = await follow(jar, origin, ((await denied.json()) as { data: { redirect_to: string } }).data.redirect_to)
    expect(new URL(back.url).searchParams.get('error')).toBe('access_denied')
  })

  test('PKCE plain is refused', async () => {
    const { origin } = site
    const clientId = await register(`${origin}/oauth/register`)
    const authorize = `${origin}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'variables', code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })}`
    const back = await follow(new CookieJar(), origin, authorize)
    expect(new URL(back.url).searchParams.get('error')).toBe('invalid_request')
    const without = `${origin}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'variables' })}`
    expect(new URL((await follow(new CookieJar(), origin, without)).url).searchParams.get('error')).toBe('invalid_request')
  })

  test('a token issued for another site is refused with 401', async () => {
    const other = await startTestServer({ controlPlane: REGISTERING, sharedWith: site, listen: true })
    try {
      const clientId = await register(`${site.origin}/oauth/register`)
      const { tokens } = await signInAndConsent(site.origin, clientId, admin, 'variables', ['variables'])
      // Same database, so the token is found; its audience names the first site's resource.
      const refused = await dispatchWith(other.origin, tokens.access_token, { resource: 'variables', action: 'list' })
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ code: 'unauthenticated', error: 'this access token was issued for another resource' })
    } finally {
      await other.close()
    }
  })
})

describe('dynamic client registration, off by default', () => {
  let closed: ListeningServer
  beforeAll(async () => { closed = await startTestServer({ listen: true }) })
  afterAll(async () => { await closed?.close() })

  test('the metadata names no registration endpoint and registering is refused', async () => {
    const metadata = await (await fetch(`${closed.origin}/.well-known/oauth-authorization-server`)).json() as Record<string, unknown>
    expect(metadata.registration_endpoint).toBeUndefined()
    const response = await fetch(`${closed.origin}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: [REDIRECT] }) })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})
