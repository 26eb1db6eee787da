import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { AI_ROW_ID } from '../settings.ts'

export const clearAiSecret = defineOperation({
  summary: 'Erase the stored AI API key. changed is false when none was set.',
  destructive: true,
  idempotent: true,
  examples: [{ title: 'Forget the stored AI provider key', params: {}, confirm: true }],
  params: z.object({}),
  returns: z.object({ key_set: z.literal(false) }),
  async handler (_params, { db }) {
    const { count } = await db.svcAiSetting.updateMany({
      where: { id: AI_ROW_ID, apiKeyCiphertext: { not: null } },
      data: { apiKeyCiphertext: null, version: { increment: 1 } },
    })
    return { data: { key_set: false as const }, changed: count > 0 }
  },
})
