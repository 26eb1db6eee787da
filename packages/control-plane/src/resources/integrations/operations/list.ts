import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { INTEGRATIONS } from '../catalogue/index.ts'
import { INTEGRATION_ROW_FIELDS, integrationRecord, toIntegrationRecord } from '../shape.ts'

export const listIntegrations = defineOperation({
  summary: 'List every integration of the catalogue with its stored state.',
  description: 'Each entry carries its settings, whether it is enabled, whether it takes a secret and whether one is set, and the JSON Schema of its settings. Secrets are never returned.',
  readonly: true,
  examples: [{ title: 'List the integrations and whether each is on', params: {} }],
  params: z.object({}),
  returns: z.object({ integrations: z.array(integrationRecord) }),
  async handler (_params, { db }) {
    const rows = await db.svcIntegration.findMany({ select: INTEGRATION_ROW_FIELDS })
    const byKey = new Map(rows.map(row => [row.key, row]))
    const integrations = INTEGRATIONS.map(integration => toIntegrationRecord(integration, byKey.get(integration.key) ?? null))
    return { data: { integrations }, changed: false }
  },
})
