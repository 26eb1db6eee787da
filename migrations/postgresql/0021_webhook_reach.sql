-- AlterTable
ALTER TABLE "svc_webhook_subscriptions" ADD COLUMN     "reachAccountId" TEXT,
ADD COLUMN     "reachKeyId" TEXT;
