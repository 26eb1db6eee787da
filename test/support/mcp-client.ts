import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Express } from 'express'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { Client as Client2, StreamableHTTPClientTransport as StreamableHTTPClientTransport2, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/client'
import { BASE } from './client.ts'
import { outlastClientKeepAlive } from './loopback-peer.ts'

/** The stateless protocol revision of the 2.x packages (`server/discover`, per-request headers). */
export const MODERN_REVISION = '2026-07-28'
export type { Client2 }

export const MCP_PATH = `${BASE}/mcp`

/** The test server's app listening on loopback, for clients that need a real URL. */
export async function listen (app: Express): Promise<{ url: string, close (): Promise<void> }> {
  const server: Server = await new Promise(resolve => { const s = outlastClientKeepAlive(app.listen(0, '127.0.0.1', () => resolve(s))) })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise(resolve => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

/** The official 1.x SDK client (2025-11-25), connected (initialize + initialized) with an API key in the header. */
export async function connectMcp (baseUrl: string, key: string, options: { fetch?: FetchLike, path?: string } = {}): Promise<Client> {
  const client = new Client({ name: 'svc-tests', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}${options.path ?? MCP_PATH}`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
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

/** A person at the client answering a form elicitation (`elicitation/create`). */
export type Person = (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>

/**
 * The 2.x SDK client: `server/discover` with 2026-07-28 pinned (modern, no initialize), or the 2025
 * handshake when `revision` is 'legacy'. With `person`, it declares form elicitation and lets that
 * person answer each question.
 */
export async function connectMcp2 (url: string, key: string, options: { revision?: 'modern' | 'legacy', fetch?: FetchLike, path?: string, person?: Person } = {}): Promise<Client2> {
  const client = new Client2({ name: 'svc-tests-2x', version: '1.0.0' }, {
    versionNegotiation: { mode: options.revision === 'legacy' ? 'legacy' : { pin: MODERN_REVISION } },
    ...(options.person ? { capabilities: { elicitation: { form: {} } } } : {}),
  })
  const { person } = options
  if (person) client.setRequestHandler('elicitation/create', async request => await person(request.params))
  const transport = new StreamableHTTPClientTransport2(new URL(`${url}${options.path ?? MCP_PATH}`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  await client.connect(transport)
  return client
}
