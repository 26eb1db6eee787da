// @svc-provider-independent: which address a request counts as is decided before storage; the database counters run on both providers in rate-limit-leases, public-lead-form and sign-in-throttle (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { startTestServer, type InProcessServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { GRAPHQL } from './support/session-client.ts'
import { parseTrustProxy } from '../packages/control-plane/src/platform/http/client-address.ts'
import { leads } from '../packages/control-plane/src/resources/leads/index.ts'

const FORM = `${BASE}/public/leads`
let behindProxy: InProcessServer
let direct: InProcessServer
let byProxyAddress: InProcessServer

beforeAll(async () => {
  // Counting windows are fixed (an hour, a quarter-hour): a clock that starts at an hour keeps every count in one.
  const started = Date.now()
  const now = () => new Date(Date.UTC(2030, 0, 1) + Date.now() - started)
  const limit = { builtins: [leads({ publicRateLimit: { points: 2, durationSeconds: 3600 } })], clock: now }
  behindProxy = await startTestServer({ controlPlane: { ...limit, http: { trustProxy: 1 } } })
  direct = await startTestServer({ sharedWith: behindProxy, controlPlane: limit })
  byProxyAddress = await startTestServer({ sharedWith: behindProxy, controlPlane: { ...limit, http: { trustProxy: ['loopback'] } } })
})
afterAll(async () => {
  await byProxyAddress.close()
  await direct.close()
  await behindProxy.close()
})

const submit = (server: InProcessServer, forwardedFor?: string) => {
  const req = request(server.app).post(FORM).set('Content-Type', 'application/json')
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor)
  return req.send({ email: 'visitor@example.test' }).then(res => res.status)
}

describe('the client address the per-client limits count', () => {
  test('behind one trusted proxy, the forwarded address counts, and a client cannot forge one further left', async () => {
    expect([await submit(behindProxy, '203.0.113.7'), await submit(behindProxy, '198.51.100.1, 203.0.113.7')]).toEqual([200, 200])
    expect(await submit(behindProxy, '192.0.2.99, 203.0.113.7')).toBe(429)
    expect(await submit(behindProxy, '203.0.113.8')).toBe(200)
  })

  test('IPv6 clients are counted per /64', async () => {
    expect(await submit(behindProxy, '2001:db8:aa:1::1')).toBe(200)
    expect(await submit(behindProxy, '2001:db8:aa:1:ffff:ffff:ffff:fffe')).toBe(200)
    expect(await submit(behindProxy, '2001:db8:aa:1:1234::9')).toBe(429)
    expect(await submit(behindProxy, '2001:db8:aa:2::1')).toBe(200)
  })

  test('without trusted proxies, X-Forwarded-For is ignored: every forged address is the same client', async () => {
    expect(await submit(direct, '198.51.100.10')).toBe(200)
    expect(await submit(direct, '198.51.100.11')).toBe(200)
    expect(await submit(direct, '198.51.100.12')).toBe(429)
  })

  test('trusting proxies by address believes the header only from them', async () => {
    expect([await submit(byProxyAddress, '203.0.113.50'), await submit(byProxyAddress, '203.0.113.50')]).toEqual([200, 200])
    expect(await submit(byProxyAddress, '203.0.113.50')).toBe(429)
    expect(await submit(byProxyAddress, '203.0.113.51')).toBe(200)
  })

  test('sign-in counts the same address: one forwarded client exhausting its attempts leaves another untouched', async () => {
    const attempt = (forwardedFor: string, email: string) => request(behindProxy.app).post(GRAPHQL).set('X-Forwarded-For', forwardedFor).send({
      query: 'mutation ($e: String!, $p: String!) { authenticateUserWithPassword(email: $e, password: $p) { ... on UserAuthenticationWithPasswordFailure { message } ... on UserAuthenticationWithPasswordSuccess { item { id } } } }',
      variables: { e: email, p: 'guess' },
    }).then(res => res.body.data.authenticateUserWithPassword)
    for (let i = 0; i < 50; i++) await attempt('203.0.113.90', `nobody-${i}@example.test`)
    expect(await attempt('203.0.113.90', 'nobody-50@example.test')).toEqual({ message: expect.stringContaining('Too many sign-in attempts') })
    expect(await attempt('203.0.113.91', 'nobody-50@example.test')).toEqual({ message: 'Authentication failed.' })
  })
})

describe('SVC_TRUST_PROXY', () => {
  test.each([
    ['', 0],
    ['2', 2],
    ['10.0.0.0/8, loopback', ['10.0.0.0/8', 'loopback']],
  ])('%j is %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected)
  })

  test.each(['true', '*'])('%j (every proxy) stops startup', raw => {
    expect(() => parseTrustProxy(raw)).toThrow('cannot trust every proxy')
  })

  test.each(['0.0.0.0/0', '::/0', '10.0.0.0/8, ::/0', '::ffff:0.0.0.0/0'])('%j covers every address and stops startup', raw => {
    expect(() => parseTrustProxy(raw)).toThrow('covers every address')
  })

  test('a list given as an option that covers every address stops startup too', async () => {
    await expect(startTestServer({ sharedWith: behindProxy, controlPlane: { http: { trustProxy: ['loopback', '0.0.0.0/0'] } } })).rejects.toThrow('covers every address')
  })

  test('an address list that is not addresses stops startup', async () => {
    await expect(startTestServer({ sharedWith: behindProxy, controlPlane: { http: { trustProxy: ['not-an-address'] } } })).rejects.toThrow()
  })
})
