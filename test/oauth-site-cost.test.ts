import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { providerRequests } from '../packages/control-plane/src/platform/oauth/provider-requests.ts'
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

test('an oidc-provider that keeps its request context elsewhere still serves every OAuth request', async () => {
  const provider = { callback: () => (_req: IncomingMessage, res: ServerResponse) => { res.end('answered') } } as unknown as Parameters<typeof providerRequests>[0]
  for (const contextModule of ['oidc-provider/lib/helpers/no-such-module.js', 'node:path']) {
    const server = createServer((req, res) => { void providerRequests(provider, contextModule).then(serve => serve(req, res)) })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/jwks`)
      expect([res.status, await res.text()]).toEqual([200, 'answered'])
    } finally {
      await new Promise(resolve => server.close(resolve))
    }
  }
})
