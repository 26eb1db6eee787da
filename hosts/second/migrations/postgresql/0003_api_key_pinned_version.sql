-- AlterTable
ALTER TABLE "svc_api_keys" ADD COLUMN     "pinnedVersion" TEXT;
