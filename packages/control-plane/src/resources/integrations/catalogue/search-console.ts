import { z } from 'zod'
import { httpUrl } from '../../../platform/lib/fields.ts'
import type { IntegrationDefinition } from './definition.ts'

const DOMAIN_PROPERTY = /^sc-domain:(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/i

const isProperty = (value: string) => DOMAIN_PROPERTY.test(value) || httpUrl.safeParse(value).success

export const searchConsole: IntegrationDefinition = {
  key: 'search_console',
  label: 'Google Search Console',
  description: 'Ownership of the site in Google Search Console.',
  settings: z.object({
    site_url: z.string().trim().max(2048)
      .refine(isProperty, 'a URL-prefix property (https://www.example.com/) or a domain property (sc-domain:example.com)')
      .describe('The Search Console property: a URL prefix such as https://www.example.com/ or sc-domain:example.com.'),
  }),
}
