import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * The site's AI provider settings: a singleton (row id 1), absent until first written, when
 * `ai.get` answers the defaults. `version` guards read-modify-writes.
 */
export const aiSettingsModel = bookkeepingModel('SvcAiSetting', () => `
  id               Int       @id
  provider         String    @default("openai")
  model            String    @default("gpt-4o-mini")
  baseUrl          String?
  temperature      Float     @default(0.7)
  maxTokens        Int       @default(1024)
  enabled          Boolean   @default(false)
  apiKeyCiphertext String?
  version          Int       @default(0)
  updatedAt        DateTime? @updatedAt

  @@map("svc_ai_settings")
`)
