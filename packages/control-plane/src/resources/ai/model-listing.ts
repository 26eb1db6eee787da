import { z } from 'zod'
import type { AiProvider } from './settings.ts'

type ModelListingRequest = { url: string, headers: Record<string, string> }

/** How to ask one provider for its models: the endpoint, the credential header, the answer's shape. */
type ModelListing = {
  needsKey: boolean
  request: (baseUrl: string | null, apiKey: string) => ModelListingRequest
  modelNames: (body: unknown) => string[] | null
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '')

const dataIds = (body: unknown) => {
  const parsed = z.object({ data: z.array(z.object({ id: z.string() })) }).safeParse(body)
  return parsed.success ? parsed.data.data.map(model => model.id) : null
}

const openAiStyle: ModelListing = {
  needsKey: true,
  request: (baseUrl, apiKey) => ({
    url: `${withoutTrailingSlash(baseUrl ?? 'https://api.openai.com/v1')}/models`,
    headers: { authorization: `Bearer ${apiKey}` },
  }),
  modelNames: dataIds,
}

export const MODEL_LISTINGS: Record<AiProvider, ModelListing> = {
  openai: openAiStyle,
  openai_compatible: openAiStyle,
  anthropic: {
    needsKey: true,
    // The default page is 20 models; 1000 is the largest the API allows.
    request: (baseUrl, apiKey) => ({
      url: `${withoutTrailingSlash(baseUrl ?? 'https://api.anthropic.com')}/v1/models?limit=1000`,
      headers: { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' },
    }),
    modelNames: dataIds,
  },
  azure_openai: {
    needsKey: true,
    request: (baseUrl, apiKey) => ({
      url: `${withoutTrailingSlash(baseUrl ?? '')}/openai/models?api-version=2024-10-21`,
      headers: { 'api-key': apiKey },
    }),
    modelNames: dataIds,
  },
  ollama: {
    needsKey: false,
    request: baseUrl => ({ url: `${withoutTrailingSlash(baseUrl ?? 'http://127.0.0.1:11434')}/api/tags`, headers: {} }),
    modelNames: body => {
      const parsed = z.object({ models: z.array(z.object({ name: z.string() })) }).safeParse(body)
      return parsed.success ? parsed.data.models.map(model => model.name) : null
    },
  },
}
