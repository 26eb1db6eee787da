import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { API_KEY_ROW_FIELDS, apiKeyRecord, toApiKeyRecord } from '../shape.ts'
import { ownerIdOf } from '../owner-id.ts'

export const listApiKeys = defineOperation({
  resource: 'api_keys',
  action: 'list',
  summary: "List the calling account's API keys, newest first. Keys themselves are never shown.",
  readonly: true,
  examples: [{ title: 'List your API keys', params: {} }],
  params: z.object({}),
  returns: z.object({ keys: z.array(apiKeyRecord) }),
  async handler (_params, { db, identity, now, options }) {
    const rows = await db.svcApiKey.findMany({
      where: { ownerId: ownerIdOf(options, identity) },
      select: API_KEY_ROW_FIELDS,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    })
    const at = now()
    return { data: { keys: rows.map(row => toApiKeyRecord(row, at)) }, changed: false }
  },
})
