import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Express } from 'express'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
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
export async function connectMcp (baseUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: 'svc-tests', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}${MCP_PATH}`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  })
  await client.connect(transport)
  return client
}
