import { list } from '@keystone-6/core'
import { relationship, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../auth/list-access.ts'

export const apiKeyList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'API keys', listView: { initialColumns: ['label', 'publicId', 'owner', 'parent', 'lastUsedAt', 'revokedAt'] } },
  db: { map: 'svc_api_keys' },
  fields: {
    publicId: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    secretDigest: text({ validation: { isRequired: true }, graphql: { omit: true } }),
    label: text({ validation: { isRequired: true } }),
    owner: relationship({ ref: 'User', many: false }),
    /** The key that minted this one, if a key did: revoking it revokes this key too. */
    parent: relationship({ ref: 'SvcApiKey', many: false }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    lastUsedAt: timestamp({ db: { isNullable: true } }),
    expiresAt: timestamp({ db: { isNullable: true } }),
    revokedAt: timestamp({ db: { isNullable: true } }),
  },
})
