import { expect } from '@jest/globals'
import type { CallToolResult, ElicitRequest } from '@modelcontextprotocol/client'
import type { CallToolResult as CallToolResult1 } from '@modelcontextprotocol/sdk/types.js'
import type { UsedTestServer } from './in-process-server.ts'
import type { Person } from './mcp-client.ts'

/** The refusal an `isError` tool result carries as JSON text, from either SDK's client. */
export function refusalOf (result: CallToolResult | CallToolResult1): { code: string, error: string, details?: Record<string, unknown> } {
  expect(result.isError).toBe(true)
  return JSON.parse((result.content[0] as { text: string }).text) as { code: string, error: string, details?: Record<string, unknown> }
}

/** A person who answers every question the same way, and remembers what they were asked. */
export function personWho (answer: Awaited<ReturnType<Person>>): Person & { asked: Array<ElicitRequest['params']> } {
  const asked: Array<ElicitRequest['params']> = []
  return Object.assign((question: ElicitRequest['params']) => { asked.push(question); return answer }, { asked })
}

/** CRM slots to delete over MCP: a new one by name, and whether one is still there. */
export function crmSlotsOf (plane: UsedTestServer) {
  return {
    newCrm: async (name: string): Promise<string> => {
      const res = await plane.dispatch({ resource: 'crm', action: 'create', params: { name, url: 'https://crm.example.com' } })
      expect(res.body).toMatchObject({ ok: true })
      return res.body.data.crm_num as string
    },
    crmExists: async (crmNum: string) => (await plane.server.db.svcCrmSlot.count({ where: { slot: Number(crmNum) } })) === 1,
  }
}
