import { z } from 'zod'
import { httpUrl } from '../../../platform/lib/fields.ts'
import type { IntegrationDefinition } from './definition.ts'

export const matomo: IntegrationDefinition = {
  key: 'matomo',
  label: 'Matomo',
  description: 'Analytics with a self-hosted or cloud Matomo instance.',
  settings: z.object({
    url: httpUrl.describe('Address of the Matomo instance, e.g. https://analytics.example.com/.'),
    site_id: z.number().int().min(1).describe('The site\'s idSite in Matomo.'),
  }),
  secret: {
    description: 'Matomo token_auth, for the reporting API.',
    schema: z.string().regex(/^[A-Za-z0-9]{16,128}$/, 'a Matomo token_auth is 16–128 letters and digits'),
    boundTo: ['url'],
  },
}
