import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import type { IntegrationDefinition } from './catalogue/definition.ts'
import { invalidParamsFromZod } from '../../platform/errors/zod-issues.ts'
import { invalidParams } from '../../platform/errors/errors.ts'

export type Settings = Record<string, unknown>

/** RFC 7396 merge-patch, one level deep because settings are flat: null removes a field, anything else replaces it. */
export function mergeSettings (stored: Settings, patch: Settings): Settings {
  const merged = { ...stored }
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) delete merged[field]
    else merged[field] = value
  }
  return merged
}

function requiredFields (schema: z.ZodObject): string[] {
  return Object.entries(schema.shape).filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success).map(([name]) => name)
}

/**
 * The settings as they will be stored: every field given must be valid for the integration, and
 * an enabled integration needs all its required fields.
 */
export function validateSettings (integration: IntegrationDefinition, settings: Settings, enabled: boolean): Settings {
  if (enabled) {
    const missing = requiredFields(integration.settings).filter(field => settings[field] === undefined)
    if (missing.length > 0) {
      throw invalidParams(`${integration.key} cannot be enabled without ${missing.join(', ')} in its settings`, { missing })
    }
  }
  const schema = enabled ? integration.settings.strict() : integration.settings.partial().strict()
  const parsed = schema.safeParse(settings)
  if (!parsed.success) throw invalidParamsFromZod(`invalid settings for ${integration.key}`, parsed.error.issues, { under: 'settings' })
  return parsed.data
}

/** Whether a change of settings moves where the integration's secret would be sent. */
export function secretDestinationChanged (integration: IntegrationDefinition, before: Settings, after: Settings): boolean {
  return (integration.secret?.boundTo ?? []).some(field => !isDeepStrictEqual(before[field], after[field]))
}
