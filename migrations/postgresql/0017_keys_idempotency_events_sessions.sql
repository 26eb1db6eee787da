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

-- CreateIndex
CREATE INDEX "svc_approvals_status_idx" ON "svc_approvals"("status");

-- CreateIndex
CREATE INDEX "svc_approvals_keyId_idx" ON "svc_approvals"("keyId");

-- CreateIndex
CREATE INDEX "svc_idempotency_keys_expiresAt_idx" ON "svc_idempotency_keys"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "svc_idempotency_keys_caller_key_key" ON "svc_idempotency_keys"("caller", "key");

-- CreateIndex
CREATE INDEX "svc_audit_entries_requestId_idx" ON "svc_audit_entries"("requestId");
