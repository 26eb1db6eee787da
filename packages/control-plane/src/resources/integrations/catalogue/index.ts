import { z } from 'zod'
import type { IntegrationDefinition } from './definition.ts'
import { googleAnalytics } from './google-analytics.ts'
import { matomo } from './matomo.ts'
import { searchConsole } from './search-console.ts'
import { slack } from './slack.ts'
import { zapier } from './zapier.ts'

/** Every integration the site can configure, in the order lists show them. */
export const INTEGRATIONS: readonly IntegrationDefinition[] = [googleAnalytics, searchConsole, matomo, slack, zapier]

const byKey = new Map(INTEGRATIONS.map(integration => [integration.key, integration]))

/** The key param: an enum, so an unknown key is invalid_params naming the known ones. */
export const integrationKeyParam = z.enum(INTEGRATIONS.map(integration => integration.key) as [string, ...string[]])
  .describe('Integration key: one of the catalogue entries integrations.list returns.')

export function integrationOf (key: string): IntegrationDefinition {
  const integration = byKey.get(key)
  if (!integration) throw new Error(`no integration "${key}" in the catalogue`)
  return integration
}
