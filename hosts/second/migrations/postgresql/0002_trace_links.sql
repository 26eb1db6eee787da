-- AlterTable
ALTER TABLE "svc_jobs" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "svc_outbox_messages" ADD COLUMN     "traceparent" TEXT;
