import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'

export const AI_PROVIDERS = ['openai', 'anthropic', 'azure_openai', 'ollama', 'openai_compatible'] as const

export type AiProvider = typeof AI_PROVIDERS[number]

/** Providers with no public default endpoint: they are unusable without base_url. */
export const PROVIDERS_NEEDING_BASE_URL: readonly AiProvider[] = ['azure_openai', 'openai_compatible']

/** What `ai.get` answers before anything was stored. */
const AI_DEFAULTS = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  base_url: null,
  temperature: 0.7,
  max_tokens: 1024,
  enabled: false,
} as const

export const aiRecord = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string(),
  base_url: z.string().nullable(),
  temperature: z.number(),
  max_tokens: z.number().int(),
  enabled: z.boolean(),
  key_set: z.boolean().describe('Whether an API key is stored. The key itself is never returned.'),
})

export type AiRecord = z.infer<typeof aiRecord>

/** The singleton's id: Keystone stores a singleton list's one item as id 1. */
export const AI_ROW_ID = 1

const AI_ROW_FIELDS = {
  provider: true, model: true, baseUrl: true, temperature: true, maxTokens: true, enabled: true, apiKeyCiphertext: true, version: true,
} as const

export type AiRow = {
  provider: string
  model: string
  baseUrl: string | null
  temperature: number
  maxTokens: number
  enabled: boolean
  apiKeyCiphertext: string | null
  version: number
}

export const readAiRow = (db: Db): Promise<AiRow | null> =>
  db.svcAiSetting.findUnique({ where: { id: AI_ROW_ID }, select: AI_ROW_FIELDS })

export function toAiRecord (row: AiRow | null): AiRecord {
  if (!row) return { ...AI_DEFAULTS, key_set: false }
  return {
    provider: row.provider as AiProvider,
    model: row.model,
    base_url: row.baseUrl,
    temperature: row.temperature,
    max_tokens: row.maxTokens,
    enabled: row.enabled,
    key_set: row.apiKeyCiphertext !== null,
  }
}
