import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { boundSecretColumn } from '../../../platform/secrets/bound-secret.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { STALE, untilWritten, writeIfUnchanged } from '../../../platform/db/compare-and-set.ts'
import { INTEGRATIONS, integrationKeyParam, integrationOf } from '../catalogue/index.ts'
import { findIntegrationRow, integrationRecord, storedSettings, toIntegrationRecord } from '../shape.ts'
import { mergeSettings, secretDestinationChanged, validateSettings } from '../settings.ts'
import { INTEGRATION_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'
import { jsonColumn } from '../../../platform/lib/json-value.ts'

const fieldsByIntegration = INTEGRATIONS
  .map(integration => `${integration.key}: ${Object.keys(integration.settings.shape).join(', ') || 'none'}`)
  .join('; ')

export const updateIntegration = defineOperation({
  summary: 'Enable or disable an integration and change its settings.',
  description: 'settings is a merge-patch over the stored settings: given fields replace, null removes one, omitted ones are kept. ' +
    'Every field is validated by the integration\'s own schema (settings_schema in integrations.get); enabling needs all required fields. ' +
    'Changing a setting that says where the secret goes (matomo url) forgets the stored secret. changed is false when nothing changes.',
  idempotent: true,
  examples: [{ title: 'Turn on Google Analytics', params: { key: 'google_analytics', enabled: true, settings: { measurement_id: 'G-2ABC3DEF45' } } }],
  params: z.object({
    key: integrationKeyParam,
    enabled: z.boolean().optional().describe('Turn the integration on or off. Omitted: unchanged.'),
    settings: z.record(z.string(), z.unknown()).optional()
      .describe(`Settings to change, merged into the stored ones; null removes a field. Fields per integration: ${fieldsByIntegration}.`),
  }),
  returns: integrationRecord,
  async handler ({ key, enabled, settings }, { db, secrets, options }) {
    const integration = integrationOf(key)
    return untilWritten(async () => {
      const current = await findIntegrationRow(db, key)
      const before = storedSettings(current)
      const nextEnabled = enabled ?? current?.enabled ?? false
      const merged = settings === undefined ? before : mergeSettings(before, settings)
      const nextSettings = settings === undefined && !nextEnabled ? before : validateSettings(integration, merged, nextEnabled)
      if (nextEnabled === (current?.enabled ?? false) && isDeepStrictEqual(nextSettings, before)) {
        return { data: toIntegrationRecord(integration, current), changed: false }
      }
      const destinationChanged = secretDestinationChanged(integration, before, nextSettings)
      for (const field of integration.secret?.boundTo ?? []) {
        const destination = nextSettings[field]
        if (typeof destination === 'string') assertAllowedDestination(options.outbound, destination, `settings.${field}`)
      }
      const written = await writeIfUnchanged(current, {
        create: () => db.svcIntegration.create({ data: { key, enabled: nextEnabled, settings: jsonColumn(nextSettings) } }),
        update: version => db.svcIntegration.updateMany({
          where: { key, version },
          data: { enabled: nextEnabled, settings: jsonColumn(nextSettings), version: { increment: 1 }, secretCiphertext: boundSecretColumn({ destinationChanged }, secrets, bindTo(INTEGRATION_SECRET, key)) },
        }),
      })
      if (!written) return STALE
      return { data: toIntegrationRecord(integration, await findIntegrationRow(db, key)), changed: true }
    })
  },
})
