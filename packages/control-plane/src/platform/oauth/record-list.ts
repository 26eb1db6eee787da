import { list } from '@keystone-6/core'
import { text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'

/**
 * Everything the authorization server keeps (clients, grants, codes, tokens, sessions,
 * interactions, its signing keys), one row each, so every instance sees the same state.
 * `key` is the SHA-256 of the model and the record's id: a token or code read from the
 * database cannot be replayed. `payload` is sealed (clients carry secrets, the signing key is one).
 */
export const oauthRecordList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'OAuth records', hideNavigation: true },
  db: { map: 'svc_oauth_records' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique', graphql: { omit: true } }),
    model: text({ validation: { isRequired: true } }),
    payload: text({ validation: { isRequired: true }, graphql: { omit: true } }),
    grantId: text({ db: { isNullable: true }, isIndexed: true }),
    uid: text({ db: { isNullable: true }, isIndexed: true }),
    userCode: text({ db: { isNullable: true }, isIndexed: true }),
    /** A grant's account and client, so "connected apps" lists them without opening payloads. */
    accountId: text({ db: { isNullable: true }, isIndexed: true }),
    clientId: text({ db: { isNullable: true } }),
    createdAt: timestamp({ validation: { isRequired: true } }),
    expiresAt: timestamp({ db: { isNullable: true }, isIndexed: true }),
    consumedAt: timestamp({ db: { isNullable: true } }),
    lastUsedAt: timestamp({ db: { isNullable: true } }),
  },
})
