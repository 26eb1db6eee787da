import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { API_KEY_ROW_FIELDS, apiKeyRecord, toApiKeyRecord } from '../shape.ts'
import { ownerIdOf } from '../owner-id.ts'
import { forbidden } from '../../../platform/errors/errors.ts'
import { accountIdValue } from '../../../platform/host-contract/account-id.ts'

export const listApiKeys = defineOperation({
  summary: "List the calling account's API keys (or, signed in as an administrator, any account's), newest first. Keys themselves are never shown.",
  description: 'owner names another account by id, or "all" for every account: only with a session (the Admin UI), never with an API key. ' +
    'Each key shows its scopes, when it was last used and from which address.',
  readonly: true,
  examples: [{ title: 'List your API keys', params: {} }, { title: "Every account's keys: refused with an API key (it needs an administrator's session)", params: { owner: 'all' }, refusal: 'forbidden' }],
  params: z.object({
    owner: z.string().min(1).max(200).optional().describe('An account id, or "all". Default: the calling account. Another account needs a session.'),
  }),
  returns: z.object({ keys: z.array(apiKeyRecord) }),
  async handler ({ owner }, { db, identity, now, options }) {
    const own = ownerIdOf(options, identity)
    const named = owner === undefined || owner === 'all' ? undefined : accountIdValue(options.host.accounts, owner)
    const ownerId = owner === undefined ? own : named as string | undefined
    // A leaked key must not map the site's other keys: only a person signed in sees beyond their own.
    if (String(ownerId) !== String(own) && identity.mode !== 'session') throw forbidden('listing other accounts\' keys needs a session (the Admin UI), not an API key')
    if (named === null) return { data: { keys: [] }, changed: false }
    const rows = await db.svcApiKey.findMany({
      where: ownerId === undefined ? {} : { ownerId },
      select: API_KEY_ROW_FIELDS,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    })
    const at = now()
    return { data: { keys: rows.map(row => toApiKeyRecord(row, at)) }, changed: false }
  },
})
