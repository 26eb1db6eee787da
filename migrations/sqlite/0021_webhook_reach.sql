-- AlterTable
ALTER TABLE "svc_webhook_subscriptions" ADD COLUMN "reachAccountId" TEXT;
ALTER TABLE "svc_webhook_subscriptions" ADD COLUMN "reachKeyId" TEXT;
