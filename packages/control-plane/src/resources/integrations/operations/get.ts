import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { integrationKeyParam, integrationOf } from '../catalogue/index.ts'
import { findIntegrationRow, integrationRecord, toIntegrationRecord } from '../shape.ts'

export const getIntegration = defineOperation({
  summary: 'Read one integration: its settings, enabled flag, secret_set and settings schema.',
  readonly: true,
  examples: [{ title: 'Read the Google Analytics settings and their schema', params: { key: 'google_analytics' } }],
  params: z.object({ key: integrationKeyParam }),
  returns: integrationRecord,
  async handler ({ key }, { db }) {
    return { data: toIntegrationRecord(integrationOf(key), await findIntegrationRow(db, key)), changed: false }
  },
})
