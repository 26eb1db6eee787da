-- AlterTable
ALTER TABLE "svc_audit_entries" ADD COLUMN     "channel" TEXT NOT NULL DEFAULT 'dispatch',
ADD COLUMN     "tool" TEXT;

-- CreateIndex
CREATE INDEX "svc_audit_entries_channel_idx" ON "svc_audit_entries"("channel");
