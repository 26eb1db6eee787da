import { z } from 'zod'
import { defineEvent } from '../../platform/events/define-event.ts'
import { apiKeyRecord } from './shape.ts'

export const apiKeyMinted = defineEvent({
  type: 'api_key.minted',
  summary: 'An API key was minted with api_keys.mint (the Admin UI\'s API keys page included); the key itself never leaves.',
  data: apiKeyRecord,
})

export const apiKeyRevoked = defineEvent({
  type: 'api_key.revoked',
  summary: 'An API key was revoked, with every key minted with it.',
  data: z.object({ id: z.string(), descendants_revoked: z.number().int().describe('Keys minted with it (and theirs) revoked by the same call.') }),
})
