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

-- CreateIndex
CREATE INDEX "svc_outbox_messages_orderingKey_idx" ON "svc_outbox_messages"("orderingKey");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_status_idx" ON "svc_outbox_messages"("status");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_nextAttemptAt_idx" ON "svc_outbox_messages"("nextAttemptAt");
