import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import type { IntegrationDefinition } from './catalogue/definition.ts'
import type { Settings } from './settings.ts'
import { toJsonSchema } from '../../kernel/registry/manifest.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { invalidParams } from '../../platform/errors/errors.ts'
import { INTEGRATIONS } from './catalogue/index.ts'

export const integrationRecord = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  takes_secret: z.boolean(),
  secret_set: z.boolean().describe('Whether a secret is stored. The secret itself is never returned.'),
  secret_description: z.string().nullable().describe('What the secret is, for integrations that take one.'),
  settings_schema: z.record(z.string(), z.unknown()).describe('JSON Schema of the complete settings.'),
  updated_at: z.string().nullable(),
})

export const INTEGRATION_ROW_FIELDS = {
  key: true, enabled: true, settings: true, secretCiphertext: true, version: true, updatedAt: true,
} as const

export type IntegrationRow = {
  key: string
  enabled: boolean
  settings: unknown
  secretCiphertext: string | null
  version: number
  updatedAt: Date | null
}

export const findIntegrationRow = (db: Db, key: string): Promise<IntegrationRow | null> =>
  db.svcIntegration.findUnique({ where: { key }, select: INTEGRATION_ROW_FIELDS })

export const storedSettings = (row: IntegrationRow | null): Settings =>
  typeof row?.settings === 'object' && row.settings !== null && !Array.isArray(row.settings) ? row.settings as Settings : {}

const settingsSchemas = new Map(INTEGRATIONS.map(integration => [integration.key, toJsonSchema(integration.settings, 'input')]))

/** A catalogue entry with its stored state; an integration never configured is disabled and empty. */
export function toIntegrationRecord (integration: IntegrationDefinition, row: IntegrationRow | null): z.input<typeof integrationRecord> {
  return {
    key: integration.key,
    label: integration.label,
    description: integration.description,
    enabled: row?.enabled ?? false,
    settings: storedSettings(row),
    takes_secret: integration.secret !== undefined,
    secret_set: Boolean(row?.secretCiphertext),
    secret_description: integration.secret?.description ?? null,
    settings_schema: settingsSchemas.get(integration.key)!,
    updated_at: isoOrNull(row?.updatedAt),
  }
}

const SECRET_TAKERS = INTEGRATIONS.filter(integration => integration.secret).map(integration => integration.key)

/** Secrets only exist for integrations that take one; asking otherwise is a caller's mistake. */
export function secretSpecOf (integration: IntegrationDefinition): NonNullable<IntegrationDefinition['secret']> {
  if (!integration.secret) {
    throw invalidParams(`${integration.key} takes no secret; integrations that do: ${SECRET_TAKERS.join(', ')}`, { takes_secret: false })
  }
  return integration.secret
}
