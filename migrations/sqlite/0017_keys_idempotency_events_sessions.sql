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

-- CreateTable
CREATE TABLE "svc_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "eventId" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT '',
    "occurredAt" DATETIME NOT NULL,
    "actor" JSONB,
    "requestId" TEXT,
    "data" JSONB
);

-- CreateTable
CREATE TABLE "svc_idempotency_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "caller" TEXT NOT NULL DEFAULT '',
    "key" TEXT NOT NULL DEFAULT '',
    "fingerprint" TEXT NOT NULL DEFAULT '',
    "claimedAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "status" INTEGER,
    "response" TEXT
);

-- CreateTable
CREATE TABLE "svc_session_versions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "svc_webhook_deliveries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "eventId" TEXT NOT NULL DEFAULT '',
    "eventType" TEXT NOT NULL DEFAULT '',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT '',
    "httpStatus" INTEGER,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "responseExcerpt" TEXT NOT NULL DEFAULT '',
    "error" TEXT,
    "at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "svc_webhook_subscriptions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL DEFAULT '',
    "eventTypes" JSONB,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT NOT NULL DEFAULT '',
    "secretCiphertext" TEXT NOT NULL DEFAULT '',
    "previousSecretCiphertext" TEXT,
    "previousSecretExpiresAt" DATETIME,
    "disabledReason" TEXT,
    "failingSince" DATETIME,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
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
    "failedAuthCount" INTEGER NOT NULL DEFAULT 0,
    "lastFailedAuthAt" DATETIME,
    CONSTRAINT "svc_api_keys_owner_fkey" FOREIGN KEY ("owner") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "svc_api_keys_parent_fkey" FOREIGN KEY ("parent") REFERENCES "svc_api_keys" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_svc_api_keys" ("createdAt", "expiresAt", "id", "label", "lastUsedAt", "owner", "parent", "publicId", "revokedAt", "secretDigest") SELECT "createdAt", "expiresAt", "id", "label", "lastUsedAt", "owner", "parent", "publicId", "revokedAt", "secretDigest" FROM "svc_api_keys";
DROP TABLE "svc_api_keys";
ALTER TABLE "new_svc_api_keys" RENAME TO "svc_api_keys";
CREATE UNIQUE INDEX "svc_api_keys_publicId_key" ON "svc_api_keys"("publicId");
CREATE INDEX "svc_api_keys_owner_idx" ON "svc_api_keys"("owner");
CREATE INDEX "svc_api_keys_parent_idx" ON "svc_api_keys"("parent");
CREATE TABLE "new_svc_audit_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "operation" TEXT NOT NULL DEFAULT '',
    "channel" TEXT NOT NULL DEFAULT 'dispatch',
    "tool" TEXT,
    "actorId" TEXT,
    "actorEmail" TEXT,
    "mode" TEXT NOT NULL DEFAULT '',
    "keyId" TEXT,
    "ok" BOOLEAN NOT NULL DEFAULT false,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "code" TEXT,
    "durationMs" INTEGER DEFAULT 0,
    "params" JSONB,
    "requestId" TEXT
);
INSERT INTO "new_svc_audit_entries" ("actorEmail", "actorId", "at", "changed", "channel", "code", "durationMs", "id", "keyId", "mode", "ok", "operation", "params", "tool") SELECT "actorEmail", "actorId", "at", "changed", "channel", "code", "durationMs", "id", "keyId", "mode", "ok", "operation", "params", "tool" FROM "svc_audit_entries";
DROP TABLE "svc_audit_entries";
ALTER TABLE "new_svc_audit_entries" RENAME TO "svc_audit_entries";
CREATE INDEX "svc_audit_entries_at_idx" ON "svc_audit_entries"("at");
CREATE INDEX "svc_audit_entries_operation_idx" ON "svc_audit_entries"("operation");
CREATE INDEX "svc_audit_entries_channel_idx" ON "svc_audit_entries"("channel");
CREATE INDEX "svc_audit_entries_requestId_idx" ON "svc_audit_entries"("requestId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "svc_approvals_status_idx" ON "svc_approvals"("status");

-- CreateIndex
CREATE INDEX "svc_approvals_keyId_idx" ON "svc_approvals"("keyId");

-- CreateIndex
CREATE INDEX "svc_approvals_expiresAt_idx" ON "svc_approvals"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "svc_events_eventId_key" ON "svc_events"("eventId");

-- CreateIndex
CREATE INDEX "svc_events_type_idx" ON "svc_events"("type");

-- CreateIndex
CREATE INDEX "svc_events_occurredAt_idx" ON "svc_events"("occurredAt");

-- CreateIndex
CREATE INDEX "svc_idempotency_keys_expiresAt_idx" ON "svc_idempotency_keys"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "svc_idempotency_keys_caller_key_key" ON "svc_idempotency_keys"("caller", "key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_session_versions_accountId_key" ON "svc_session_versions"("accountId");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_subscriptionId_idx" ON "svc_webhook_deliveries"("subscriptionId");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_eventId_idx" ON "svc_webhook_deliveries"("eventId");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_at_idx" ON "svc_webhook_deliveries"("at");

-- CreateIndex
CREATE UNIQUE INDEX "svc_webhook_subscriptions_subscriptionId_key" ON "svc_webhook_subscriptions"("subscriptionId");
