// @svc-provider-independent: what it adds is fetching a Client ID Metadata Document through the anonymous outbound guard; the same flow, its grants and tokens run on both providers in oauth.test.ts (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { createServer, type Server } from 'node:https'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import { ensureBuilt } from '../scripts/lib/build.ts'
import { startBuiltServer, type BuiltServer } from './support/built-server.ts'
import { sessionCookie } from './support/session-client.ts'
import { authorizeWithConsent, form } from './support/oauth-flow.ts'

/**
 * A connector that registers nowhere: its client_id is the https URL of its Client ID Metadata
 * Document, which the built server fetches through its outbound guard. The document is served on
 * loopback over TLS with a test certificate the server trusts through NODE_EXTRA_CA_CERTS, as a
 * site behind its own CA would; SVC_OAUTH_METADATA_DOCUMENT_ALLOW lets the anonymous guard reach
 * loopback (SVC_OUTBOUND_ALLOW would not: it opens only destinations an administrator set).
 */
const MINUTE = 60_000
const NAMESPACE = '/api/svc/v1'
const REDIRECT = 'http://127.0.0.1:9/callback'
const TLS_DIR = resolve('test/fixtures/loopback-tls')

let server: BuiltServer
let documents: Server
let base = ''
let fetches = 0

function metadataDocument (clientId: string) {
  return {
    client_id: clientId,
    client_name: 'Metadata connector',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
  }
}

beforeAll(async () => {
  documents = createServer({ key: readFileSync(`${TLS_DIR}/key.pem`), cert: readFileSync(`${TLS_DIR}/cert.pem`) }, (req, res) => {
    fetches++
    const documentFor = { '/connector.json': `${base}/connector.json`, '/impostor.json': `${base}/connector.json` }[req.url ?? '']
    if (!documentFor) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' }).end(JSON.stringify(metadataDocument(documentFor)))
  })
  await new Promise<void>(done => documents.listen(0, '127.0.0.1', done))
  base = `https://127.0.0.1:${(documents.address() as AddressInfo).port}`
  await ensureBuilt({ ui: true })
  server = await startBuiltServer({ env: { NODE_EXTRA_CA_CERTS: `${TLS_DIR}/cert.pem`, SVC_OAUTH_METADATA_DOCUMENT_ALLOW: '127.0.0.1' } })
}, 15 * MINUTE)

afterAll(async () => {
  await server?.stop()
  await new Promise(done => documents?.close(done))
}, MINUTE)

const authorizeUrl = (clientId: string) => `${server.url}/oauth/authorize?${new URLSearchParams({
  client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'variables', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256',
})}`

describe('Client ID Metadata Documents', () => {
  test('the server says it takes them, and a connector named by its document URL signs in, calls the API and refreshes', async () => {
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json() as Record<string, unknown>
    expect(metadata.client_id_metadata_document_supported).toBe(true)

    const clientId = `${base}/connector.json`
    const session = await sessionCookie(server.url, server.admin.email, server.admin.password)
    const { tokens, details } = await authorizeWithConsent({
      origin: server.url, clientId, redirectUri: REDIRECT, scope: 'variables', grant: ['variables'], resource: `${server.url}${NAMESPACE}/mcp`, session,
    })
    expect(details.client_name).toBe('Metadata connector')
    // Who asks is what was verified: the host that served the document.
    expect(details).toMatchObject({ verified_host: new URL(base).host, claimed_name: 'Metadata connector' })
    expect(fetches).toBeGreaterThan(0)
    const dispatched = await fetch(`${server.url}${NAMESPACE}/manage/dispatch`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` }, body: JSON.stringify({ resource: 'variables', action: 'list' }),
    })
    expect(dispatched.status).toBe(200)
    const refreshed = await form(`${server.url}/oauth/token`, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })
    expect(refreshed.status).toBe(200)
  }, 2 * MINUTE)

  test('a document whose client_id is not its own URL is refused, and no code reaches the redirect URI', async () => {
    const response = await fetch(authorizeUrl(`${base}/impostor.json`), { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
  })

  test('a document URL on a private address is refused before any connection is made', async () => {
    const response = await fetch(authorizeUrl('https://10.1.2.3/connector.json'), { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    // oidc-provider's answer when the guard's allowFetch says no, asked before any fetch is made
    // (an attempt on the unroutable address would end in a timeout or a network error instead).
    expect(await response.text()).toContain('fetch not allowed')
  })
})
