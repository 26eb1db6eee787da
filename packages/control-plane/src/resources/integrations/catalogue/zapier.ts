import { z } from 'zod'
import type { IntegrationDefinition } from './definition.ts'

export const zapier: IntegrationDefinition = {
  key: 'zapier',
  label: 'Zapier',
  description: 'Zaps that call this control plane; they authenticate with an API key from api_keys.mint, so there is nothing else to store.',
  settings: z.object({}),
}
