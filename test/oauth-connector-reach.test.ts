import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { graphql, sessionCookie } from './support/session-client.ts'
import { CookieJar, authorizeWithConsent, browse, follow, form, pkcePair } from './support/oauth-flow.ts'
import { startTestServer, type ListeningServer } from './support/in-process-server.ts'
import { createPost } from './support/posts.ts'
import { resolveOptions } from '../packages/control-plane/src/kernel/options.ts'
import { requesterOf } from '../packages/control-plane/src/doors/oauth/consent-request.ts'
import { DatabaseAdapter, recordKey, UNGRANTED_CLIENT_TTL_SECONDS } from '../packages/control-plane/src/platform/oauth/adapter.ts'

/**
 * Issue 40: a connector and an anonymous caller reach no further than granted. Registration is
 * the operator's choice, the limiter guards `/oauth/*`, anonymous fetches ignore the site's
 * allowlist, a connector mints no key, codes and refresh tokens are spent once, and the
 * authorization server's sessions and grants end with the account's.
 */
const REDIRECT = 'http://127.0.0.1:9/callback'
const NAMESPACE = '/api/svc/v1'
const REGISTRATION_TOKEN = 'an-initial-access-token-only-chosen-connectors-hold'

let site: ListeningServer
let admin: TestAccount
/** A loopback listener that only counts the connections made to it: a fetch attempted shows here. */
let peer: Server
let peerConnections = 0
let peerPort = 0

beforeAll(async () => {
  site = await startTestServer({ controlPlane: {
    security: { outboundAllow: ['127.0.0.1', 'localhost'] },
    oauth: { dynamicRegistration: true, registrationToken: REGISTRATION_TOKEN, rateLimit: false },
  }, listen: true })
  admin = await createAccount(site.db)
  peer = createServer((socket: Socket) => { peerConnections++; socket.destroy() })
  await new Promise<void>(done => peer.listen(0, '127.0.0.1', done))
  peerPort = (peer.address() as AddressInfo).port
})
afterAll(async () => {
  await site?.close()
  await new Promise(done => peer?.close(done))
})

const PUBLIC_CLIENT = {
  client_name: 'Chosen connector', redirect_uris: [REDIRECT], application_type: 'native',
  token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
}

const registerWith = (token: string | null, metadata: object = PUBLIC_CLIENT) => fetch(`${site.origin}/oauth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...token === null ? {} : { authorization: `Bearer ${token}` } },
  body: JSON.stringify(metadata),
})

async function register (): Promise<string> {
  const response = await registerWith(REGISTRATION_TOKEN)
  expect(response.status).toBe(201)
  return (await response.json() as { client_id: string }).client_id
}

const dispatchWith = (token: string, body: object) => fetch(`${site.origin}${NAMESPACE}/manage/dispatch`, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
})

async function connect (clientId: string, scope: string, grant: string[], account = admin, approveDestructive?: boolean) {
  const session = await sessionCookie(site.app, account.email, account.password)
  return authorizeWithConsent({ origin: site.origin, clientId, redirectUri: REDIRECT, scope, grant, resource: `${site.origin}${NAMESPACE}/mcp`, session, approveDestructive })
}

const authorizeUrl = (clientId: string, scope: string | null = 'variables') => {
  const { challenge } = pkcePair()
  return `${site.origin}/oauth/authorize?${new URLSearchParams({
    client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', ...scope === null ? {} : { scope }, code_challenge: challenge, code_challenge_method: 'S256', resource: `${site.origin}${NAMESPACE}/mcp`,
  })}`
}

/** A browser's authorization up to the consent page: its cookies, the interaction and what the page shows. */
async function openConsent (account: TestAccount, clientId: string, scope: string | null = 'variables') {
  const jar = new CookieJar()
  const session = await sessionCookie(site.app, account.email, account.password)
  const toSignIn = await follow(jar, site.origin, authorizeUrl(clientId, scope))
  jar.add(session)
  const toConsent = await follow(jar, site.origin, decodeURIComponent(new URL(toSignIn.url).searchParams.get('from')!))
  const uid = new URL(toConsent.url).searchParams.get('uid')!
  const details = (await (await browse(jar, `${site.origin}/oauth/interaction/${uid}/details`)).json() as { data: { scopes: string[] } }).data
  return { jar, uid, session, details }
}

describe('registration the operator chose', () => {
  test('switched on, registration takes the initial access token: none or a wrong one is refused', async () => {
    expect((await registerWith(null)).status).toBe(401)
    expect((await registerWith('not-the-token')).status).toBe(401)
    expect((await registerWith(REGISTRATION_TOKEN)).status).toBe(201)
  })

  test('registration cannot be switched on without a token', () => {
    expect(() => resolveOptions({ env: {}, oauth: { dynamicRegistration: true } })).toThrow(/registrationToken/)
    expect(() => resolveOptions({ env: { SVC_OAUTH_DYNAMIC_REGISTRATION: 'true', SVC_OAUTH_REGISTRATION_TOKEN: 'short' } })).toThrow(/at least 32 characters/)
  })

  test('jwks_uri, sector_identifier_uri and a client secret are refused at registration, and nothing is fetched', async () => {
    const before = peerConnections
    for (const extra of [
      { jwks_uri: `https://127.0.0.1:${peerPort}/jwks.json` },
      { sector_identifier_uri: `https://127.0.0.1:${peerPort}/sector.json` },
      { token_endpoint_auth_method: 'client_secret_basic' },
    ]) {
      const response = await registerWith(REGISTRATION_TOKEN, { ...PUBLIC_CLIENT, ...extra })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_client_metadata' })
    }
    expect(peerConnections).toBe(before)
  })

  test('a registered client expires a day later unless someone grants it access; a granted one stays', async () => {
    const unclaimed = await register()
    const rowOf = (clientId: string) => site.db.svcOAuthRecord.findUniqueOrThrow({ where: { key: recordKey('Client', clientId) } })
    const pending = await rowOf(unclaimed)
    expect(pending.expiresAt!.getTime() - pending.createdAt.getTime()).toBe(UNGRANTED_CLIENT_TTL_SECONDS * 1000)
    const granted = await register()
    await connect(granted, 'variables', ['variables'])
    expect((await rowOf(granted)).expiresAt).toBeNull()
  })
})

describe('a consent page that tells the truth', () => {
  test('a registered client is shown by the name it claimed, unverified, with the redirect host', async () => {
    const { details } = await connect(await register(), 'variables read_only', ['variables', 'read_only'])
    expect(details).toMatchObject({ verified_host: null, claimed_name: 'Chosen connector', redirect_host: '127.0.0.1:9', scopes: ['variables', 'read_only'] })
  })

  test('a metadata document client is shown by its URL\'s host, the one thing verified', () => {
    expect(requesterOf('https://connector.example/oauth/client.json', 'Claude')).toEqual({ verified_host: 'connector.example', claimed_name: 'Claude' })
    expect(requesterOf('0f3c-registered-id', 'Claude')).toEqual({ verified_host: null, claimed_name: 'Claude' })
  })

  test('a client that asks for no scope is offered the account\'s capabilities with read_only, all checked: read-only by default', async () => {
    const { details } = await openConsent(admin, await register(), null)
    expect(details.scopes).toEqual(expect.arrayContaining(['manage_options', 'read_only']))
    expect(details.scopes.filter(scope => scope.includes('.'))).toEqual([])
  })
})

describe('a limiter on /oauth/*', () => {
  let limited: ListeningServer
  beforeAll(async () => { limited = await startTestServer({ controlPlane: { oauth: { rateLimit: { points: 5, durationSeconds: 3600, store: 'memory' } } }, listen: true }) })
  afterAll(async () => { await limited?.close() })

  test('beyond the limit per address, /oauth/* answers 429 with Retry-After, in OAuth\'s error format', async () => {
    const statuses: number[] = []
    let refused: Response | undefined
    for (let request = 0; request < 8; request++) {
      const response = await fetch(`${limited.origin}/oauth/authorize?client_id=nobody`, { redirect: 'manual' })
      statuses.push(response.status)
      if (response.status === 429) refused ??= response
      else await response.body?.cancel()
    }
    expect(statuses.filter(status => status === 429)).toHaveLength(3)
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused!.json()).toMatchObject({ error: 'rate_limited' })
    // The consent steps answer with the envelope, as they do otherwise.
    const consent = await fetch(`${limited.origin}/oauth/interaction/some-uid/details`)
    expect(consent.status).toBe(429)
    expect(await consent.json()).toMatchObject({ ok: false, code: 'rate_limited' })
  })
})

describe('anonymous fetches never use the site\'s allowlist', () => {
  test('a metadata document on an address SVC_OUTBOUND_ALLOW lets through is refused before any connection', async () => {
    const before = peerConnections
    for (const host of ['127.0.0.1', 'localhost']) {
      const response = await fetch(authorizeUrl(`https://${host}:${peerPort}/connector.json`), { redirect: 'manual' })
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      const page = await response.text()
      expect(page).toContain('fetch not allowed')
      expect(page).not.toContain('127.0.0.1 is')
    }
    expect(peerConnections).toBe(before)
  })
})

describe('a connector stays inside its grant', () => {
  test('an OAuth token cannot mint an API key, even with the api_keys scope', async () => {
    const { tokens } = await connect(await register(), 'api_keys', ['api_keys'])
    const before = await site.db.svcApiKey.count()
    const minted = await dispatchWith(tokens.access_token, { resource: 'api_keys', action: 'mint', params: { label: 'Outlives the grant' } })
    expect(minted.status).toBe(403)
    expect(await minted.json()).toMatchObject({ code: 'forbidden', error: expect.stringContaining('refused through an OAuth grant') })
    expect(await site.db.svcApiKey.count()).toBe(before)
  })
})

describe('a connector\'s destructive calls wait for a person', () => {
  const setVariable = (token: string, name: string) => dispatchWith(token, { resource: 'variables', action: 'set', params: { name, value: 'v' } })
  const deleteVariable = (token: string, name: string, extra: object = {}) => dispatchWith(token, { resource: 'variables', action: 'delete', params: { name, ...extra }, confirm: true })

  test('by default a destructive call is held for an administrator, who approves it; only the grant that asked collects it', async () => {
    const { tokens } = await connect(await register(), 'variables', ['variables'])
    expect((await setVariable(tokens.access_token, 'held.by.default')).status).toBe(200)
    const held = await deleteVariable(tokens.access_token, 'held.by.default')
    expect(held.status).toBe(202)
    const { details } = await held.json() as { details: { approval_id: string } }
    expect(await site.db.svcVariable.count({ where: { name: 'held.by.default' } })).toBe(1)

    const other = await connect(await register(), 'variables', ['variables'])
    expect((await deleteVariable(other.tokens.access_token, 'held.by.default', { approval_id: details.approval_id })).status).toBe(404)

    const adminSession = await sessionCookie(site.app, admin.email, admin.password)
    const approved = await fetch(`${site.origin}${NAMESPACE}/manage/dispatch`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: adminSession, origin: site.origin },
      body: JSON.stringify({ resource: 'approvals', action: 'approve', params: { id: details.approval_id } }),
    })
    expect(approved.status).toBe(200)
    expect(await site.db.svcVariable.count({ where: { name: 'held.by.default' } })).toBe(0)
    expect((await deleteVariable(tokens.access_token, 'held.by.default', { approval_id: details.approval_id })).status).toBe(200)
  })

  test('a grant whose person unchecked the approval on the consent page runs destructive calls at once', async () => {
    const { tokens } = await connect(await register(), 'variables', ['variables'], admin, false)
    expect((await setVariable(tokens.access_token, 'unattended')).status).toBe(200)
    expect((await deleteVariable(tokens.access_token, 'unattended')).status).toBe(200)
  })
})

describe('a job a connector started is rechecked before each batch', () => {
  /** A queued job (the worker is stopped) of pipelines.run_batch over two new posts, started with the connector's token; its grant's id. */
  async function queuedBatch (source: string) {
    const clientId = await register()
    const { tokens } = await connect(clientId, 'pipelines', ['pipelines'])
    await site.runtime.jobs.stop()
    for (const title of ['one', 'two']) await createPost(site.db, { title: `${source} ${title}`, source })
    const started = await dispatchWith(tokens.access_token, { resource: 'pipelines', action: 'run_batch', params: { filter: { source }, dry_run: true } })
    expect(started.status).toBe(202)
    const jobId = (await started.json() as { data: { job_id: number } }).data.job_id
    const grant = await site.db.svcOAuthRecord.findFirstOrThrow({ where: { model: 'Grant', clientId }, select: { grantId: true } })
    return { clientId, tokens, jobId, grantId: grant.grantId! }
  }

  /** Runs the worker until no job waits, then the job as jobs.get shows it and the audit entry of how it ended. */
  async function ended (jobId: number) {
    site.runtime.jobs.start()
    await site.runtime.jobs.kick()
    const job = await dispatchWith(admin.key, { resource: 'jobs', action: 'get', params: { job_id: jobId } })
    const entries = await site.db.svcAuditEntry.findMany({ where: { operation: 'pipelines.run_batch' }, select: { params: true, ok: true, code: true } })
    const outcome = entries.filter(entry => (entry.params as { job_id?: number, status?: string }).job_id === jobId && 'status' in (entry.params as object))
    return { job: (await job.json() as { data: Record<string, unknown> }).data, outcome }
  }

  test('its tokens revoked (RFC 7009), the job stops at its next batch, runs nothing, and is audited as such', async () => {
    const { clientId, tokens, jobId } = await queuedBatch('connector-then-revoked')
    const revoked = await fetch(`${site.origin}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token: tokens.refresh_token, client_id: clientId }) })
    expect(revoked.status).toBe(200)
    const { job, outcome } = await ended(jobId)
    expect(job).toMatchObject({ status: 'failed', progress: { done: 0, total: 2 }, error: expect.stringContaining(`OAuth client ${clientId} that started it holds no live token`) })
    expect(await site.db.svcPipelineRun.count({ where: { jobId } })).toBe(0)
    expect(outcome).toEqual([expect.objectContaining({ ok: false, code: 'failed', params: expect.objectContaining({ error: expect.stringContaining('no live token') }) })])
  })

  test('its tokens expired, the job stops at its next batch; while one lives, it runs', async () => {
    const expiring = await queuedBatch('connector-then-expired')
    await site.db.svcOAuthRecord.updateMany({ where: { grantId: expiring.grantId, model: { in: ['AccessToken', 'RefreshToken'] } }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const stopped = await ended(expiring.jobId)
    expect(stopped.job).toMatchObject({ status: 'failed', progress: { done: 0, total: 2 }, error: expect.stringContaining('holds no live token') })
    expect(stopped.outcome).toEqual([expect.objectContaining({ ok: false, code: 'failed' })])
    const living = await queuedBatch('connector-still-connected')
    expect((await ended(living.jobId)).job).toMatchObject({ status: 'succeeded', progress: { done: 2, total: 2 } })
  })
})

describe('codes and refresh tokens are spent once', () => {
  test('a second consume of the same refresh token is refused, so two concurrent refreshes cannot both rotate', async () => {
    const store = { db: site.db, secrets: site.runtime.secrets, now: () => new Date() }
    const tokens = new DatabaseAdapter('RefreshToken', store)
    await tokens.upsert('refresh-once', { grantId: 'grant-of-refresh-once' }, 3600)
    await tokens.consume('refresh-once')
    await expect(tokens.consume('refresh-once')).rejects.toMatchObject({ error: 'invalid_grant' })
    expect((await tokens.find('refresh-once'))?.consumed).toEqual(expect.any(Number))
  })
})

describe('grants and the authorization server\'s session end with the account\'s', () => {
  const SIGN_OUT = 'mutation { endSession }'
  const SET_PASSWORD = 'mutation ($id: ID!, $password: String!) { updateUser(where: { id: $id }, data: { password: $password }) { id } }'

  test('after signing out, the browser\'s next authorization asks for the Admin UI session again instead of returning a code', async () => {
    const account = await createAccount(site.db)
    const clientId = await register()
    const { jar, uid, session } = await openConsent(account, clientId)
    const confirmed = await browse(jar, `${site.origin}/oauth/interaction/${uid}/confirm`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: site.origin }, body: JSON.stringify({ scopes: ['variables'] }),
    })
    const back = await follow(jar, site.origin, (await confirmed.json() as { data: { redirect_to: string } }).data.redirect_to)
    expect(new URL(back.url).searchParams.get('code')).not.toBeNull()
    expect(await site.db.svcOAuthRecord.count({ where: { model: 'Session', accountId: account.id } })).toBeGreaterThan(0)

    expect((await graphql(site.app, SIGN_OUT, {}, session)).body.data).toEqual({ endSession: true })
    expect(await site.db.svcOAuthRecord.count({ where: { model: 'Session', accountId: account.id } })).toBe(0)
    const again = await follow(jar, site.origin, authorizeUrl(clientId))
    expect(again.url).toMatch(new RegExp(`^${site.origin}/signin\\?`))
  })

  test('sessions.revoke and a password change disconnect the account\'s apps', async () => {
    const account = await createAccount(site.db)
    const first = await connect(await register(), 'variables', ['variables'], account)
    expect((await dispatchWith(first.tokens.access_token, { resource: 'variables', action: 'list' })).status).toBe(200)
    const adminSession = await sessionCookie(site.app, admin.email, admin.password)
    const revoked = await fetch(`${site.origin}${NAMESPACE}/manage/dispatch`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: adminSession, origin: site.origin },
      body: JSON.stringify({ resource: 'sessions', action: 'revoke', params: { account_id: account.id }, confirm: true }),
    })
    expect(revoked.status).toBe(200)
    expect((await dispatchWith(first.tokens.access_token, { resource: 'variables', action: 'list' })).status).toBe(401)
    expect((await form(`${site.origin}/oauth/token`, { grant_type: 'refresh_token', refresh_token: first.tokens.refresh_token, client_id: first.details.client_id })).status).toBe(400)

    const second = await connect(await register(), 'variables', ['variables'], account)
    expect((await graphql(site.app, SET_PASSWORD, { id: account.id, password: 'another-password-of-length' }, adminSession)).body.errors).toBeUndefined()
    expect((await dispatchWith(second.tokens.access_token, { resource: 'variables', action: 'list' })).status).toBe(401)
  })
})
