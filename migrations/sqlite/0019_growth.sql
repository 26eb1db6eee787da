-- DropIndex
DROP INDEX "svc_audit_entries_operation_idx";

-- DropIndex
DROP INDEX "svc_audit_entries_channel_idx";

-- DropIndex
DROP INDEX "svc_content_inbox_sourceId_idx";

-- DropIndex
DROP INDEX "svc_content_inbox_status_idx";

-- DropIndex
DROP INDEX "svc_leads_source_idx";

-- DropIndex
DROP INDEX "svc_leads_firstSeen_idx";

-- DropIndex
DROP INDEX "svc_lead_events_at_idx";

-- DropIndex
DROP INDEX "svc_pipeline_runs_postId_idx";

-- DropIndex
DROP INDEX "svc_pipeline_runs_recipeId_idx";

-- DropIndex
DROP INDEX "svc_pipeline_runs_status_idx";

-- CreateTable
CREATE TABLE "svc_lead_chain_checkpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "lastEventId" INTEGER NOT NULL DEFAULT 0,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "events" INTEGER NOT NULL DEFAULT 0,
    "verifiedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_lead_chain_checkpoints_key_key" ON "svc_lead_chain_checkpoints"("key");

-- CreateIndex
CREATE INDEX "svc_audit_entries_operation_id_idx" ON "svc_audit_entries"("operation", "id");

-- CreateIndex
CREATE INDEX "svc_audit_entries_channel_id_idx" ON "svc_audit_entries"("channel", "id");

-- CreateIndex
CREATE INDEX "svc_audit_entries_ok_id_idx" ON "svc_audit_entries"("ok", "id");

-- CreateIndex
CREATE INDEX "svc_content_inbox_sourceId_id_idx" ON "svc_content_inbox"("sourceId", "id");

-- CreateIndex
CREATE INDEX "svc_content_inbox_status_id_idx" ON "svc_content_inbox"("status", "id");

-- CreateIndex
CREATE INDEX "svc_leads_firstSeen_id_idx" ON "svc_leads"("firstSeen", "id");

-- CreateIndex
CREATE INDEX "svc_leads_source_firstSeen_id_idx" ON "svc_leads"("source", "firstSeen", "id");

-- CreateIndex
CREATE INDEX "svc_lead_events_at_id_idx" ON "svc_lead_events"("at", "id");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_postId_id_idx" ON "svc_pipeline_runs"("postId", "id");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_recipeId_id_idx" ON "svc_pipeline_runs"("recipeId", "id");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_status_id_idx" ON "svc_pipeline_runs"("status", "id");
