import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { AI_ROW_ID } from '../settings.ts'
import { AI_API_KEY } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

export const setAiSecret = defineOperation({
  summary: 'Store the AI provider\'s API key, encrypted. It is never returned.',
  description: 'The key is bound to the current provider and base_url: changing either with ai.update forgets it. ollama is tested without a key.',
  idempotent: true,
  examples: [{ title: 'Store the provider API key', params: { api_key: 'sk-example-0123456789abcdef' } }],
  params: z.object({
    api_key: z.string().min(1, 'must not be empty').max(4096)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .describe('The provider API key. Write-only.'),
  }),
  returns: z.object({ key_set: z.literal(true) }),
  async handler ({ api_key }, { db, secrets }) {
    const sealed = secrets.seal(api_key, bindTo(AI_API_KEY, AI_ROW_ID))
    await db.svcAiSetting.upsert({
      where: { id: AI_ROW_ID },
      create: { id: AI_ROW_ID, apiKeyCiphertext: sealed },
      update: { apiKeyCiphertext: sealed, version: { increment: 1 } },
    })
    return { data: { key_set: true as const }, changed: true }
  },
})
