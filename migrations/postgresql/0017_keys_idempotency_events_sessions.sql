-- AlterTable
ALTER TABLE "svc_api_keys" ADD COLUMN     "approval" TEXT NOT NULL DEFAULT 'none',
ADD COLUMN     "failedAuthCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastFailedAuthAt" TIMESTAMP(3),
ADD COLUMN     "lastUsedIp" TEXT,
ADD COLUMN     "readOnly" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "scopes" TEXT;

-- AlterTable
ALTER TABLE "svc_audit_entries" ADD COLUMN     "requestId" TEXT,
ALTER COLUMN "actorId" DROP NOT NULL,
ALTER COLUMN "actorId" DROP DEFAULT,
ALTER COLUMN "actorEmail" DROP NOT NULL,
ALTER COLUMN "actorEmail" DROP DEFAULT;

-- CreateTable
CREATE TABLE "svc_approvals" (
    "id" TEXT NOT NULL,
    "operation" TEXT NOT NULL DEFAULT '',
    "params" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "keyId" TEXT NOT NULL DEFAULT '',
    "requesterId" TEXT NOT NULL DEFAULT '',
    "requesterEmail" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "decidedByEmail" TEXT,
    "result" TEXT,

    CONSTRAINT "svc_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_events" (
    "id" SERIAL NOT NULL,
    "eventId" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT '',
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "actor" JSONB,
    "requestId" TEXT,
    "data" JSONB DEFAULT '{}',

    CONSTRAINT "svc_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_idempotency_keys" (
    "id" TEXT NOT NULL,
    "caller" TEXT NOT NULL DEFAULT '',
    "key" TEXT NOT NULL DEFAULT '',
    "fingerprint" TEXT NOT NULL DEFAULT '',
    "claimedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "status" INTEGER,
    "response" TEXT,

    CONSTRAINT "svc_idempotency_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_session_versions" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "svc_session_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "eventId" TEXT NOT NULL DEFAULT '',
    "eventType" TEXT NOT NULL DEFAULT '',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT '',
    "httpStatus" INTEGER,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "responseExcerpt" TEXT NOT NULL DEFAULT '',
    "error" TEXT,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "svc_webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_webhook_subscriptions" (
    "id" SERIAL NOT NULL,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL DEFAULT '',
    "eventTypes" JSONB DEFAULT '[]',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT NOT NULL DEFAULT '',
    "secretCiphertext" TEXT NOT NULL DEFAULT '',
    "previousSecretCiphertext" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE INDEX "svc_audit_entries_requestId_idx" ON "svc_audit_entries"("requestId");
