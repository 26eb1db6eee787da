import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { aiRecord, readAiRow, toAiRecord } from '../settings.ts'

export const getAi = defineOperation({
  summary: 'Read the AI provider settings; defaults when never set. The API key is never returned, only key_set.',
  readonly: true,
  examples: [{ title: 'Read the AI settings', params: {} }],
  params: z.object({}),
  returns: aiRecord,
  async handler (_params, { db }) {
    return { data: toAiRecord(await readAiRow(db)), changed: false }
  },
})
