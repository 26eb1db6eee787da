import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/**
 * Everything the authorization server keeps (clients, grants, codes, tokens, sessions,
 * interactions, its signing keys), one row each, so every instance sees the same state.
 * `key` is the SHA-256 of the model and the record's id: a token or code read from the
 * database cannot be replayed. `payload` is sealed (clients carry secrets, the signing key is one).
 */
export const oauthRecordModel = bookkeepingModel('SvcOAuthRecord', ({ hostId }) => `
  id ${hostId}
  key        String    @unique @default("")
  model      String    @default("")
  payload    String    @default("")
  grantId    String?
  uid        String?
  userCode   String?
  // A grant's account and client, so "connected apps" lists them without opening payloads.
  accountId  String?
  clientId   String?
  createdAt  DateTime
  expiresAt  DateTime?
  consumedAt DateTime?
  lastUsedAt DateTime?

  @@index([grantId])
  @@index([uid])
  @@index([userCode])
  @@index([accountId])
  @@index([expiresAt])
  @@map("svc_oauth_records")
`)
