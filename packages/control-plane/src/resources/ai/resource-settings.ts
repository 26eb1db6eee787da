import { z } from 'zod'
import { defineSettings } from '../../platform/settings/define-settings.ts'

export const aiResourceSettings = defineSettings('ai', z.strictObject({
  /** How long `ai.test` waits for the provider's model list, in milliseconds. @default 10000 */
  testTimeoutMs: z.number().int().positive().default(10_000),
}))

export type AiResourceSettings = z.input<typeof aiResourceSettings.schema>
