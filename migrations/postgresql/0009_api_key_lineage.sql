-- AlterTable
ALTER TABLE "svc_api_keys" ADD COLUMN     "parent" TEXT;

-- CreateIndex
CREATE INDEX "svc_api_keys_parent_idx" ON "svc_api_keys"("parent");

-- AddForeignKey
ALTER TABLE "svc_api_keys" ADD CONSTRAINT "svc_api_keys_parent_fkey" FOREIGN KEY ("parent") REFERENCES "svc_api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;
