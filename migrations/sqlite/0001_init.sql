-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "password" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'subscriber',
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "svc_api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "publicId" TEXT NOT NULL DEFAULT '',
    "secretDigest" TEXT NOT NULL DEFAULT '',
    "label" TEXT NOT NULL DEFAULT '',
    "owner" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "expiresAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "svc_api_keys_owner_fkey" FOREIGN KEY ("owner") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "svc_audit_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "operation" TEXT NOT NULL DEFAULT '',
    "actorId" TEXT NOT NULL DEFAULT '',
    "actorEmail" TEXT NOT NULL DEFAULT '',
    "mode" TEXT NOT NULL DEFAULT '',
    "keyId" TEXT,
    "ok" BOOLEAN NOT NULL DEFAULT false,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "code" TEXT,
    "durationMs" INTEGER DEFAULT 0,
    "params" JSONB
);

-- CreateTable
CREATE TABLE "svc_counters" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "value" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "svc_crm_slots" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slot" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "url" TEXT,
    "linkAdminOnly" BOOLEAN NOT NULL DEFAULT false,
    "apiKeyCiphertext" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_outbox_messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "topic" TEXT NOT NULL DEFAULT '',
    "orderingKey" TEXT NOT NULL DEFAULT '',
    "payload" JSONB,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lockedBy" TEXT,
    "lastError" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_rate_limits" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "svc_api_keys_publicId_key" ON "svc_api_keys"("publicId");

-- CreateIndex
CREATE INDEX "svc_api_keys_owner_idx" ON "svc_api_keys"("owner");

-- CreateIndex
CREATE INDEX "svc_audit_entries_at_idx" ON "svc_audit_entries"("at");

-- CreateIndex
CREATE INDEX "svc_audit_entries_operation_idx" ON "svc_audit_entries"("operation");

-- CreateIndex
CREATE UNIQUE INDEX "svc_counters_key_key" ON "svc_counters"("key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_crm_slots_slot_key" ON "svc_crm_slots"("slot");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_orderingKey_idx" ON "svc_outbox_messages"("orderingKey");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_status_idx" ON "svc_outbox_messages"("status");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_nextAttemptAt_idx" ON "svc_outbox_messages"("nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "svc_rate_limits_key_key" ON "svc_rate_limits"("key");
