-- CreateTable
CREATE TABLE "svc_content_items" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL DEFAULT '',
    "externalId" TEXT,
    "postId" TEXT NOT NULL DEFAULT '',
    "contentHash" TEXT,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_content_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_items_postId_key" ON "svc_content_items"("postId");

-- CreateIndex
CREATE INDEX "svc_content_items_source_idx" ON "svc_content_items"("source");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_items_source_externalId_key" ON "svc_content_items"("source", "externalId");

-- Provenance moves off the posts list: what each content source delivered is kept in svc_content_items.
INSERT INTO "svc_content_items" ("source", "externalId", "postId", "contentHash") SELECT "source", "externalId", CAST("id" AS TEXT), "contentHash" FROM "Post" WHERE "source" IS NOT NULL;

-- DropIndex
DROP INDEX "Post_source_externalId_key";

-- AlterTable
ALTER TABLE "Post" DROP COLUMN "contentHash",
DROP COLUMN "externalId",
DROP COLUMN "source";

-- AlterTable
ALTER TABLE "svc_content_inbox" ALTER COLUMN "postId" SET DATA TYPE TEXT;

-- AlterTable
ALTER TABLE "svc_pipeline_runs" ALTER COLUMN "postId" SET DEFAULT '',
ALTER COLUMN "postId" SET DATA TYPE TEXT;
