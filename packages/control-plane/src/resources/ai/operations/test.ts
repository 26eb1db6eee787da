import { aiResourceSettings } from '../resource-settings.ts'
import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { DeliveryError, getJson } from '../../../platform/outgoing-http/http-client.ts'
import type { SecretBox } from '../../../platform/secrets/secret-box.ts'
import { conflict } from '../../../platform/errors/errors.ts'
import { MODEL_LISTINGS } from '../model-listing.ts'
import { readAiRow, toAiRecord, type AiRow } from '../settings.ts'
import { AI_API_KEY } from '../sealed-columns.ts'
import { AI_ROW_ID } from '../settings.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

const testResult = z.object({
  ok: z.boolean(),
  latency_ms: z.number().int().describe('Time from sending the request to having the whole answer.'),
  models: z.array(z.string()).optional().describe('Models the provider lists, when ok.'),
  error: z.string().optional().describe('Why the test failed: HTTP status, timeout or unreachable host. Never the provider\'s own text.'),
})

function storedKey (row: AiRow | null, secrets: SecretBox): string {
  if (!row?.apiKeyCiphertext) throw conflict('no API key is stored: set one with ai.set_secret first')
  try {
    return secrets.open(row.apiKeyCiphertext, bindTo(AI_API_KEY, AI_ROW_ID))
  } catch {
    throw conflict('the stored API key cannot be decrypted with this SVC_ENCRYPTION_KEY: set it again with ai.set_secret')
  }
}

/** Our own words for a failure: the provider's body may echo the key, so it is never passed on. */
function describeFailure (error: DeliveryError): string {
  if (error.status === 401 || error.status === 403) return `the provider refused the API key (HTTP ${error.status})`
  if (error.status !== null && error.status >= 400) return `the provider answered HTTP ${error.status}`
  return error.message
}

export const testAi = defineOperation({
  summary: 'Check the stored AI settings with a real request to the provider\'s model list.',
  description: 'openai and openai_compatible: GET {base_url}/models; anthropic: GET {base_url}/v1/models; azure_openai: ' +
    'GET {base_url}/openai/models; ollama: GET {base_url}/api/tags (no key). Changes nothing. ' +
    'A failed check is ok: false with a short error; a missing API key is a 409 conflict.',
  readonly: true,
  openWorld: true,
  examples: [{
    title: 'Without a stored API key the check is refused',
    setup: [{ operation: 'ai.clear_secret', params: {}, confirm: true, as: 'cleared' }],
    params: {},
    refusal: 'conflict',
  }],
  notPreviewable: 'it calls the AI provider while it runs',
  params: z.object({}),
  returns: testResult,
  async handler (_params, { db, secrets, options }) {
    const row = await readAiRow(db)
    const settings = toAiRecord(row)
    const listing = MODEL_LISTINGS[settings.provider]
    const request = listing.request(settings.base_url, listing.needsKey ? storedKey(row, secrets) : '')
    const started = performance.now()
    const elapsed = () => Math.round(performance.now() - started)
    try {
      const body = await getJson(options.outbound, request.url, { headers: request.headers, timeoutMs: aiResourceSettings.of(options).testTimeoutMs })
      const models = listing.modelNames(body)
      if (!models) return { data: { ok: false, latency_ms: elapsed(), error: 'the provider answered with something that is not a model list' }, changed: false }
      return { data: { ok: true, latency_ms: elapsed(), models }, changed: false }
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error
      return { data: { ok: false, latency_ms: elapsed(), error: describeFailure(error) }, changed: false }
    }
  },
})
