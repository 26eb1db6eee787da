-- AlterTable
ALTER TABLE "svc_api_keys" ADD COLUMN     "approval" TEXT NOT NULL DEFAULT 'none',
ADD COLUMN     "lastUsedIp" TEXT,
ADD COLUMN     "readOnly" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "scopes" TEXT;

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

-- CreateIndex
CREATE INDEX "svc_approvals_status_idx" ON "svc_approvals"("status");

-- CreateIndex
CREATE INDEX "svc_approvals_keyId_idx" ON "svc_approvals"("keyId");
