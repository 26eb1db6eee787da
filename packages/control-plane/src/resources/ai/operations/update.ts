import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { httpUrl } from '../../../platform/lib/fields.ts'
import { invalidParams } from '../../../platform/errors/errors.ts'
import { boundSecretColumn } from '../../../platform/secrets/bound-secret.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { STALE, untilWritten, writeIfUnchanged } from '../../../platform/db/compare-and-set.ts'
import { AI_PROVIDERS, AI_ROW_ID, PROVIDERS_NEEDING_BASE_URL, aiRecord, readAiRow, toAiRecord, type AiRecord } from '../settings.ts'
import { AI_API_KEY } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

const toColumns = (settings: AiRecord) => ({
  provider: settings.provider,
  model: settings.model,
  baseUrl: settings.base_url,
  temperature: settings.temperature,
  maxTokens: settings.max_tokens,
  enabled: settings.enabled,
})

export const updateAi = defineOperation({
  summary: 'Change the AI provider settings; omitted fields are kept.',
  description: 'azure_openai and openai_compatible need a base_url. Changing provider or base_url forgets the stored API key, ' +
    'so a key is never sent to an endpoint it was not given for: set it again with ai.set_secret. changed is false when nothing changes.',
  idempotent: true,
  examples: [{ title: 'Use Anthropic with a cooler temperature', params: { provider: 'anthropic', model: 'claude-sonnet-4-5', temperature: 0.3, max_tokens: 1024 } }],
  params: z.object({
    provider: z.enum(AI_PROVIDERS).optional().describe('openai, anthropic, azure_openai, ollama or openai_compatible.'),
    model: z.string().trim().min(1, 'must not be empty').max(200).optional().describe('Model name, e.g. gpt-4o-mini or claude-sonnet-4-5.'),
    base_url: httpUrl.nullable().optional()
      .describe('Endpoint root, e.g. https://my-resource.openai.azure.com or http://127.0.0.1:11434; null for the provider\'s default. Required for azure_openai and openai_compatible.'),
    temperature: z.number().min(0).max(2).optional().describe('Sampling temperature, 0–2.'),
    max_tokens: z.number().int().min(1).max(200_000).optional().describe('Largest completion, in tokens: 1–200000.'),
    enabled: z.boolean().optional().describe('Whether the site uses AI features.'),
  }),
  returns: aiRecord,
  async handler (params, { db, secrets, options }) {
    assertAllowedDestination(options.outbound, params.base_url, 'base_url')
    return untilWritten(async () => {
      const current = await readAiRow(db)
      const before = toAiRecord(current)
      const next: AiRecord = {
        provider: params.provider ?? before.provider,
        model: params.model ?? before.model,
        base_url: params.base_url === undefined ? before.base_url : params.base_url,
        temperature: params.temperature ?? before.temperature,
        max_tokens: params.max_tokens ?? before.max_tokens,
        enabled: params.enabled ?? before.enabled,
        key_set: before.key_set,
      }
      if (PROVIDERS_NEEDING_BASE_URL.includes(next.provider) && next.base_url === null) {
        throw invalidParams(`${next.provider} needs a base_url`, { issues: [{ path: 'base_url', code: 'custom', message: `required for ${next.provider}` }] })
      }
      if (isDeepStrictEqual(next, before)) return { data: before, changed: false }
      const endpointChanged = next.provider !== before.provider || next.base_url !== before.base_url
      const written = await writeIfUnchanged(current, {
        create: () => db.svcAiSetting.create({ data: { id: AI_ROW_ID, ...toColumns(next) } }),
        update: version => db.svcAiSetting.updateMany({
          where: { id: AI_ROW_ID, version },
          data: { ...toColumns(next), version: { increment: 1 }, apiKeyCiphertext: boundSecretColumn({ destinationChanged: endpointChanged }, secrets, bindTo(AI_API_KEY, AI_ROW_ID)) },
        }),
      })
      if (!written) return STALE
      return { data: { ...next, key_set: next.key_set && !endpointChanged }, changed: true }
    })
  },
})
