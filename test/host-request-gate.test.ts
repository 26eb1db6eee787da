// @svc-provider-independent: which express layers a request walks; the routes behind them run on both providers in their own files.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import express from 'express'
import request from 'supertest'
import { startTestServer, type InProcessServer } from './support/in-process-server.ts'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { dispatcher } from './support/client.ts'
import { traceRequests } from '../host/request-spans.ts'
import { pathGate } from '../packages/control-plane/src/doors/http/path-gate.ts'

const NAMESPACE = '/api/svc/v1'
/** A route of the host's added after the control plane's, as Keystone adds GraphQL after it. */
const HOST_PAGE = '/host-page'
const OAUTH_REQUESTS_PER_ADDRESS = 3

let server: InProcessServer
let admin: TestAccount
/** The layers of the app before the host's `extendExpressApp` ran, and after it (the control plane's included). */
const layers = { before: 0, after: 0 }

beforeAll(async () => {
  server = await startTestServer({
    controlPlane: { oauth: { rateLimit: { points: OAUTH_REQUESTS_PER_ADDRESS, durationSeconds: 3600, store: 'memory' } } },
    host: {
      aroundExpressApp: async (app, extend) => {
        layers.before = app.router.stack.length
        await extend()
        layers.after = app.router.stack.length
        app.get(HOST_PAGE, (req, res) => { res.json({ host: true, query: req.query }) })
      },
    },
  })
  admin = await createAccount(server.db)
  const created = await dispatcher(server.app, admin.key)({ resource: 'users', action: 'create', params: { first_name: 'Grace', last_name: 'Hopper' } })
  expect(created.status).toBe(200)
})
afterAll(async () => { await server?.close() })

const get = (path: string) => request(server.app).get(path)

test('the control plane adds one layer to the host\'s express app, after the host\'s own', () => {
  const hostOnly = express()
  traceRequests(hostOnly)
  expect(layers.after - layers.before).toBe(hostOnly.router.stack.length + 1)
})

describe('a request outside every path of the control plane is the host\'s', () => {
  test('its own route added after the control plane answers, with its query string', async () => {
    const res = await get(`${HOST_PAGE}?next=${encodeURIComponent(`${NAMESPACE}/manage/manifest`)}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ host: true, query: { next: `${NAMESPACE}/manage/manifest` } })
  })

  test('Keystone\'s GraphQL answers', async () => {
    const res = await request(server.app).post('/api/graphql').set('Content-Type', 'application/json').send({ query: '{ __typename }' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: { __typename: 'Query' } })
  })

  test('a path the control plane does not serve, well-known or near its own, is the host\'s 404, not the namespace\'s envelope', async () => {
    for (const path of ['/.well-known/security.txt', '/oauth', '/api/svc', '/team']) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(res.text).toContain(`Cannot GET ${path}`)
    }
  })
})

describe('behind the gate, each kind of route of the control plane answers as before', () => {
  test('the namespace, matched as express matches paths: ignoring case, whatever the query string', async () => {
    for (const path of [`${NAMESPACE}/openapi.json`, `${NAMESPACE.toUpperCase()}/openapi.json?x=/host-page`]) {
      const res = await get(path).set('Authorization', `Bearer ${admin.key}`)
      expect(res.status).toBe(200)
      expect(res.body.openapi).toMatch(/^3\./)
    }
    const missing = await get(`${NAMESPACE}/nothing-here`)
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ ok: false, code: 'not_found' })
  })

  test('the protected resources\' and the authorization server\'s metadata at their well-known paths', async () => {
    for (const resource of [NAMESPACE, `${NAMESPACE}/mcp`]) {
      const res = await get(`/.well-known/oauth-protected-resource${resource}`)
      expect(res.status).toBe(200)
      expect(res.body.resource).toMatch(new RegExp(`${resource}$`))
    }
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.body.token_endpoint).toMatch(/\/oauth\/token$/)
    }
  })

  test('a site page', async () => {
    const res = await get('/team/001')
    expect(res.status).toBe(200)
    expect(res.text).toContain('<h1>Grace Hopper</h1>')
  })

  test('oidc-provider and the consent steps under /oauth/, and only they count against the OAuth limit per address', async () => {
    const statuses: number[] = []
    for (let round = 0; round < OAUTH_REQUESTS_PER_ADDRESS; round++) {
      await get('/.well-known/openid-configuration').expect(200)
      await get(HOST_PAGE).expect(200)
      statuses.push((await get('/oauth/authorize?client_id=nobody')).status)
    }
    expect(statuses).not.toContain(429)
    const consent = await get('/oauth/interaction/some-uid/details')
    expect(consent.status).toBe(429)
    expect(consent.body).toMatchObject({ ok: false, code: 'rate_limited' })
  })
})

test.each([true, false])('the gate matches case as the host\'s app routes (case sensitive: %s)', async caseSensitive => {
  const app = express()
  if (caseSensitive) app.enable('case sensitive routing')
  const entered: string[] = []
  const routes = express.Router({ caseSensitive })
  routes.use((req, _res, next) => { entered.push(req.path); next() })
  routes.get('/team/:member', (_req, res) => { res.send('ours') })
  app.use(pathGate(['/team/:member'], routes, { caseSensitive }))
  app.use((_req, res) => { res.send('the host\'s') })
  expect((await request(app).get('/team/1')).text).toBe('ours')
  expect((await request(app).get('/TEAM/1')).text).toBe(caseSensitive ? 'the host\'s' : 'ours')
  expect((await request(app).get('/teams')).text).toBe('the host\'s')
  expect(entered).toEqual(caseSensitive ? ['/team/1'] : ['/team/1', '/TEAM/1'])
})
