import { list } from '@keystone-6/core'
import { checkbox, integer, relationship, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { API_KEY_TABLE } from '../../platform/auth/find-key.ts'

/** `accounts`: the key `host.accounts.list` names; a key belongs to one of its accounts. */
export const apiKeyList = ({ access, ui }: ListAccess, accounts: string) => list({
  access,
  ui: { ...ui, label: 'API keys', listView: { initialColumns: ['label', 'publicId', 'owner', 'parent', 'lastUsedAt', 'lastUsedIp', 'revokedAt'] } },
  db: { map: API_KEY_TABLE },
  fields: {
    publicId: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    secretDigest: text({ validation: { isRequired: true }, graphql: { omit: true } }),
    label: text({ validation: { isRequired: true } }),
    owner: relationship({ ref: accounts, many: false }),
    /** The key that minted this one, if a key did: revoking it revokes this key too. */
    parent: relationship({ ref: 'SvcApiKey', many: false }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    lastUsedAt: timestamp({ db: { isNullable: true } }),
    /** The client address of the call that last wrote `lastUsedAt`. */
    lastUsedIp: text({ db: { isNullable: true } }),
    /** JSON list of scopes; null grants everything the owner may do (keys minted before scopes). */
    scopes: text({ db: { isNullable: true } }),
    readOnly: checkbox({ defaultValue: false }),
    /** `none` or `destructive`: destructive calls wait for an administrator's approval. */
    approval: text({ defaultValue: 'none', validation: { isRequired: true } }),
    expiresAt: timestamp({ db: { isNullable: true } }),
    /** The product version the key's calls pin (`1.5.000`), as a call's `Svc-Version` header does; null: none. */
    pinnedVersion: text({ db: { isNullable: true } }),
    revokedAt: timestamp({ db: { isNullable: true } }),
    /** Refused authentications that named this key (wrong secret, revoked, expired). */
    failedAuthCount: integer({ defaultValue: 0, db: { isNullable: false } }),
    lastFailedAuthAt: timestamp({ db: { isNullable: true } }),
  },
})
