-- AlterTable
ALTER TABLE "svc_api_keys" ADD COLUMN     "failedAuthCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastFailedAuthAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "svc_audit_entries" ADD COLUMN     "requestId" TEXT,
ALTER COLUMN "actorId" DROP NOT NULL,
ALTER COLUMN "actorId" DROP DEFAULT,
ALTER COLUMN "actorEmail" DROP NOT NULL,
ALTER COLUMN "actorEmail" DROP DEFAULT;

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
CREATE INDEX "svc_idempotency_keys_expiresAt_idx" ON "svc_idempotency_keys"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "svc_idempotency_keys_caller_key_key" ON "svc_idempotency_keys"("caller", "key");

-- CreateIndex
CREATE INDEX "svc_audit_entries_requestId_idx" ON "svc_audit_entries"("requestId");
