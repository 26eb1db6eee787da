-- AlterTable
ALTER TABLE "svc_audit_entries" ADD COLUMN     "traceId" TEXT;

-- AlterTable
ALTER TABLE "svc_events" ADD COLUMN     "traceparent" TEXT;

-- CreateIndex
CREATE INDEX "svc_audit_entries_traceId_idx" ON "svc_audit_entries"("traceId");
