-- CreateTable
CREATE TABLE "svc_retention_state" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "rows" INTEGER NOT NULL DEFAULT 0,
    "oldestAt" TIMESTAMP(3),
    "lastPrunedAt" TIMESTAMP(3),
    "lastPruned" INTEGER NOT NULL DEFAULT 0,
    "holder" TEXT,
    "heldUntil" TIMESTAMP(3),

    CONSTRAINT "svc_retention_state_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_retention_state_key_key" ON "svc_retention_state"("key");

-- CreateIndex
CREATE INDEX "svc_content_inbox_processedAt_idx" ON "svc_content_inbox"("processedAt");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_deliveredAt_idx" ON "svc_outbox_messages"("deliveredAt");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_createdAt_idx" ON "svc_pipeline_runs"("createdAt");
