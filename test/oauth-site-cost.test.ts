import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { startTestServer, type ListeningServer } from './support/in-process-server.ts'
import { asyncIdOfAContinuation, expectToPassInAFreshProcess, noPromiseTracked } from './support/async-hooks.ts'

let site: ListeningServer
beforeAll(async () => { site = await startTestServer({ listen: true }) })
afterAll(async () => { await site?.close() })

test('once an OAuth request is answered, no promise of the site is tracked (oidc-provider\'s request context; before Node 24 it costs every promise)', async () => {
  if (!await noPromiseTracked()) {
    expectToPassInAFreshProcess('test/oauth-site-cost.test.ts', 'once an OAuth request is answered')
    return
  }
  const metadata = await fetch(`${site.origin}/.well-known/oauth-authorization-server`)
  expect(metadata.status).toBe(200)
  expect((await metadata.json() as { issuer: string }).issuer).toBe(site.origin)
  const jwks = await fetch(`${site.origin}/oauth/jwks`)
  expect(jwks.status).toBe(200)
  expect(await asyncIdOfAContinuation()).toBe(0)
})
