import { list } from '@keystone-6/core'
import { checkbox, integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * The stored state of a catalogue integration, one row per key once it has been configured; an
 * integration without a row is disabled with empty settings. `version` guards read-modify-writes.
 */
export const integrationList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Integrations', listView: { initialColumns: ['key', 'enabled', 'updatedAt'] } },
  db: { map: 'svc_integrations' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    enabled: checkbox({ defaultValue: false }),
    settings: json({ defaultValue: {} }),
    secretCiphertext: text({ db: { isNullable: true }, graphql: { omit: true } }),
    version: integer({ defaultValue: 0, db: { isNullable: false }, validation: { isRequired: true } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
