import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/** An API key: its secret's digest, never the secret, and the account of `host.accounts.list` it belongs to. */
export const apiKeyModel = bookkeepingModel('SvcApiKey', ({ accounts, hostForeignKey, hostId }) => `
  id                    ${hostId}
  publicId              String      @unique @default("")
  secretDigest          String      @default("")
  label                 String      @default("")
  owner                 ${accounts.model}?      @relation("SvcApiKey_owner", fields: [ownerId], references: [id])
  ownerId               ${accounts.foreignKey('owner')}
  // The key that minted this one, if a key did: revoking it revokes this key too.
  parent                SvcApiKey?  @relation("SvcApiKey_parent", fields: [parentId], references: [id])
  parentId              ${hostForeignKey('parent')}
  createdAt             DateTime?   @default(now())
  lastUsedAt            DateTime?
  // The client address of the call that last wrote 'lastUsedAt'.
  lastUsedIp            String?
  // JSON list of scopes; null grants everything the owner may do (keys minted before scopes).
  scopes                String?
  readOnly              Boolean     @default(false)
  // 'none' or 'destructive': destructive calls wait for an administrator's approval.
  approval              String      @default("none")
  expiresAt             DateTime?
  // The product version the key's calls pin ('1.5.000'), as a call's 'Svc-Version' header does;
  // null: none.
  pinnedVersion         String?
  revokedAt             DateTime?
  // Refused authentications that named this key (wrong secret, revoked, expired).
  failedAuthCount       Int         @default(0)
  lastFailedAuthAt      DateTime?
  from_SvcApiKey_parent SvcApiKey[] @relation("SvcApiKey_parent")

  @@index([ownerId])
  @@index([parentId])
  @@map("svc_api_keys")
`, { accountFields: ['owner'] })
