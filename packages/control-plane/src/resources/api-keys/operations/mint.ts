import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { displayName } from '../../../lib/fields.ts'
import { apiKeyRecord } from '../shape.ts'
import { issueApiKey } from '../issue-key.ts'
import { ownerIdOf } from '../owner-id.ts'
import { withEvent, eventMetaOf } from '../../../events/emit.ts'
import { apiKeyMinted } from '../events.ts'

export const mintApiKey = defineOperation({
  resource: 'api_keys',
  action: 'mint',
  summary: 'Mint an API key for the calling account. The key is shown once, in this response.',
  description: 'The key acts as the calling account: if that account loses the capability, so does the key. ' +
    'A key minted with a key is its child (parent in api_keys.list): revoking the parent revokes it too.',
  examples: [{ title: 'A key for a build pipeline, valid for 90 days', params: { label: 'Build pipeline', expires_in_days: 90 } }],
  params: z.object({
    label: displayName.describe('What the key is for, e.g. "CI pipeline".'),
    expires_in_days: z.number().int().min(1).max(3650).optional().describe('Days until the key stops working. Default: never.'),
  }),
  returns: apiKeyRecord.extend({ key: z.string().describe('The API key. Store it now: it cannot be shown again.') }),
  async handler ({ label, expires_in_days }, context) {
    const { db, identity, now, options } = context
    const data = await withEvent(db, tx => issueApiKey(tx, { accountId: ownerIdOf(options, identity), label, expiresInDays: expires_in_days, parentPublicId: identity.keyId }, now()), apiKeyMinted, minted => minted, eventMetaOf(context))
    context.kickOutbox()
    return { data, changed: true }
  },
})
