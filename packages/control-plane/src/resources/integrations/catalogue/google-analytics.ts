import { z } from 'zod'
import type { IntegrationDefinition } from './definition.ts'

export const googleAnalytics: IntegrationDefinition = {
  key: 'google_analytics',
  label: 'Google Analytics',
  description: 'Google Analytics 4 measurement on the public site.',
  settings: z.object({
    measurement_id: z.string().trim().toUpperCase()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'a GA4 measurement ID looks like G-XXXXXXX')
      .describe('GA4 measurement ID, e.g. G-2ABC3DEF45.'),
  }),
}
