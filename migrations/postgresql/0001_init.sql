-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "password" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'subscriber',
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_api_keys" (
    "id" TEXT NOT NULL,
    "publicId" TEXT NOT NULL DEFAULT '',
    "secretDigest" TEXT NOT NULL DEFAULT '',
    "label" TEXT NOT NULL DEFAULT '',
    "owner" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "svc_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_audit_entries" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "operation" TEXT NOT NULL DEFAULT '',
    "actorId" TEXT NOT NULL DEFAULT '',
    "actorEmail" TEXT NOT NULL DEFAULT '',
    "mode" TEXT NOT NULL DEFAULT '',
    "keyId" TEXT,
    "ok" BOOLEAN NOT NULL DEFAULT false,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "code" TEXT,
    "durationMs" INTEGER DEFAULT 0,
    "params" JSONB DEFAULT '{}',

    CONSTRAINT "svc_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_counters" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "svc_counters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_crm_slots" (
    "id" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "url" TEXT,
    "linkAdminOnly" BOOLEAN NOT NULL DEFAULT false,
    "apiKeyCiphertext" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_crm_slots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_outbox_messages" (
    "id" SERIAL NOT NULL,
    "topic" TEXT NOT NULL DEFAULT '',
    "orderingKey" TEXT NOT NULL DEFAULT '',
    "payload" JSONB DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lockedBy" TEXT,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "svc_outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_rate_limits" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" TIMESTAMP(3),

    CONSTRAINT "svc_rate_limits_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "svc_api_keys" ADD CONSTRAINT "svc_api_keys_owner_fkey" FOREIGN KEY ("owner") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
