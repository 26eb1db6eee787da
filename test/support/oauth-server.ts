import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Server as HttpServer } from 'node:http'
import type { ControlPlaneOptions } from '../../packages/control-plane/src/index.ts'
import { startTestServer, type TestServer } from './server.ts'

/** A port nobody listens on now, so a server can be told its own public URL before it listens. */
async function freePort (): Promise<number> {
  const probe: Server = await new Promise(resolve => { const s = createServer().listen(0, '127.0.0.1', () => resolve(s)) })
  const { port } = probe.address() as AddressInfo
  await new Promise(resolve => probe.close(resolve))
  return port
}

export type ListeningServer = { server: TestServer, origin: string, close (): Promise<void> }

/**
 * A test server listening on loopback at the address its `siteUrl` names: OAuth's issuer and
 * resource URLs are absolute, so they must be the ones the client calls.
 */
export async function startListeningServer (options: ControlPlaneOptions = {}, sharedWith?: TestServer): Promise<ListeningServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = await startTestServer({ ...options, http: { ...options.http, siteUrl: origin } }, sharedWith)
  const listening: HttpServer = await new Promise(resolve => { const s = server.app.listen(port, '127.0.0.1', () => resolve(s)) })
  return {
    server,
    origin,
    async close () {
      listening.closeAllConnections()
      await new Promise(resolve => listening.close(resolve))
      await server.close()
    },
  }
}
