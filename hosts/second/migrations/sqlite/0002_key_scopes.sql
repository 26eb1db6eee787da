-- CreateTable
CREATE TABLE "svc_approvals" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "operation" TEXT NOT NULL DEFAULT '',
    "params" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "keyId" TEXT NOT NULL DEFAULT '',
    "requesterId" TEXT NOT NULL DEFAULT '',
    "requesterEmail" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "decidedAt" DATETIME,
    "decidedById" TEXT,
    "decidedByEmail" TEXT,
    "result" TEXT
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_svc_api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "publicId" TEXT NOT NULL DEFAULT '',
    "secretDigest" TEXT NOT NULL DEFAULT '',
    "label" TEXT NOT NULL DEFAULT '',
    "owner" TEXT,
    "parent" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "lastUsedIp" TEXT,
    "scopes" TEXT,
    "readOnly" BOOLEAN NOT NULL DEFAULT false,
    "approval" TEXT NOT NULL DEFAULT 'none',
    "expiresAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "svc_api_keys_owner_fkey" FOREIGN KEY ("owner") REFERENCES "Member" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "svc_api_keys_parent_fkey" FOREIGN KEY ("parent") REFERENCES "svc_api_keys" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_svc_api_keys" ("createdAt", "expiresAt", "id", "label", "lastUsedAt", "owner", "parent", "publicId", "revokedAt", "secretDigest") SELECT "createdAt", "expiresAt", "id", "label", "lastUsedAt", "owner", "parent", "publicId", "revokedAt", "secretDigest" FROM "svc_api_keys";
DROP TABLE "svc_api_keys";
ALTER TABLE "new_svc_api_keys" RENAME TO "svc_api_keys";
CREATE UNIQUE INDEX "svc_api_keys_publicId_key" ON "svc_api_keys"("publicId");
CREATE INDEX "svc_api_keys_owner_idx" ON "svc_api_keys"("owner");
CREATE INDEX "svc_api_keys_parent_idx" ON "svc_api_keys"("parent");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "svc_approvals_status_idx" ON "svc_approvals"("status");

-- CreateIndex
CREATE INDEX "svc_approvals_keyId_idx" ON "svc_approvals"("keyId");
