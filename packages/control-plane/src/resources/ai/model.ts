import { list } from '@keystone-6/core'
import { checkbox, float, integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { AI_DEFAULTS } from './settings.ts'

/**
 * The site's AI provider settings: a singleton (row id 1), absent until first written, when
 * `ai.get` answers the defaults. `version` guards read-modify-writes.
 */
export const aiSettingsList = ({ access, ui }: ListAccess) => list({
  access,
  isSingleton: true,
  ui: { ...ui, label: 'AI settings' },
  db: { map: 'svc_ai_settings' },
  fields: {
    provider: text({ defaultValue: AI_DEFAULTS.provider, validation: { isRequired: true } }),
    model: text({ defaultValue: AI_DEFAULTS.model, validation: { isRequired: true } }),
    baseUrl: text({ db: { isNullable: true } }),
    temperature: float({ defaultValue: AI_DEFAULTS.temperature, validation: { isRequired: true } }),
    maxTokens: integer({ defaultValue: AI_DEFAULTS.max_tokens, validation: { isRequired: true } }),
    enabled: checkbox({ defaultValue: AI_DEFAULTS.enabled }),
    apiKeyCiphertext: text({ db: { isNullable: true }, graphql: { omit: true } }),
    version: integer({ defaultValue: 0, db: { isNullable: false }, validation: { isRequired: true } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
