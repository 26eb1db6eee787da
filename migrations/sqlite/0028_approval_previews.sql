-- AlterTable
ALTER TABLE "svc_approvals" ADD COLUMN "preview" TEXT;
