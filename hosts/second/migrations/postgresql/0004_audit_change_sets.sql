-- AlterTable
ALTER TABLE "svc_audit_entries" ADD COLUMN     "changeSet" JSONB;
