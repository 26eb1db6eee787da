import { afterAll, beforeAll, expect, test } from '@jest/globals'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ensureBuilt } from '../scripts/lib/build.ts'
import { startAdminUiServer, type AdminUiServer } from './support/admin-ui-server.ts'
import { openPrisma } from './support/database.ts'
import { connectMcp } from './support/mcp-client.ts'
import { issueApiKey } from '../src/resources/api-keys/issue-key.ts'
import type { Db } from '../src/db/client.ts'

/**
 * The MCP endpoint in the site as `npm start` serves it: Keystone's CommonJS bundle of the SDK
 * server, not the ES modules jest runs. One connection proves the bundle imports it correctly.
 */
let server: AdminUiServer

const MINUTE = 60_000

beforeAll(async () => {
  await ensureBuilt({ ui: true })
  server = await startAdminUiServer()
}, 15 * MINUTE)
afterAll(async () => server?.stop(), MINUTE)

test('a stock MCP client connects to the built server with an API key, lists the tools and runs one', async () => {
  const db = openPrisma(server.databaseUrl) as unknown as Db
  let key: string
  try {
    const account = await db.user.findUniqueOrThrow({ where: { email: server.admin.email } })
    key = (await issueApiKey(db, { accountId: account.id, label: 'mcp' })).key
  } finally {
    await db.$disconnect()
  }
  const client = await connectMcp(server.url, key)
  try {
    const { tools } = await client.listTools()
    expect(tools.map(tool => tool.name)).toEqual(expect.arrayContaining(['status-get', 'crm-create', 'notes-add']))
    const result = await client.callTool({ name: 'status-get', arguments: {} }) as CallToolResult
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ database: { ok: true } })
  } finally {
    await client.close()
  }
}, 2 * MINUTE)
