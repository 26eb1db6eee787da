import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Express } from 'express'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { BASE } from './client.ts'

export const MCP_PATH = `${BASE}/mcp`

/** The test server's app listening on loopback, for clients that need a real URL. */
export async function listen (app: Express): Promise<{ url: string, close (): Promise<void> }> {
  const server: Server = await new Promise(resolve => { const s = app.listen(0, '127.0.0.1', () => resolve(s)) })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise(resolve => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

/** The official SDK client, connected (initialize + initialized) with an API key in the header. */
export async function connectMcp (baseUrl: string, key: string, options: { fetch?: FetchLike } = {}): Promise<Client> {
  const client = new Client({ name: 'svc-tests', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}${MCP_PATH}`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
    ...options,
  })
  await client.connect(transport)
  return client
}

/** A load balancer in front of several instances: each request goes to the next one in turn. */
export function roundRobin (instanceUrls: readonly string[]): { fetch: FetchLike, served: string[] } {
  const served: string[] = []
  return {
    served,
    fetch: (url, init) => {
      const target = instanceUrls[served.length % instanceUrls.length]!
      served.push(target)
      const { pathname, search } = new URL(url)
      return fetch(new URL(`${pathname}${search}`, target), init)
    },
  }
}
