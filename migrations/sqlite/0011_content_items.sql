-- CreateTable
CREATE TABLE "svc_content_items" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "source" TEXT NOT NULL DEFAULT '',
    "externalId" TEXT,
    "postId" TEXT NOT NULL DEFAULT '',
    "contentHash" TEXT,
    "updatedAt" DATETIME
);

-- Provenance moves off the posts list: what each content source delivered is kept in svc_content_items.
INSERT INTO "svc_content_items" ("source", "externalId", "postId", "contentHash") SELECT "source", "externalId", CAST("id" AS TEXT), "contentHash" FROM "Post" WHERE "source" IS NOT NULL;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Post" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "author" INTEGER,
    "postType" INTEGER,
    "meta" JSONB,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    CONSTRAINT "Post_postType_fkey" FOREIGN KEY ("postType") REFERENCES "PostType" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Post" ("author", "content", "createdAt", "excerpt", "id", "meta", "postType", "slug", "status", "title", "updatedAt") SELECT "author", "content", "createdAt", "excerpt", "id", "meta", "postType", "slug", "status", "title", "updatedAt" FROM "Post";
DROP TABLE "Post";
ALTER TABLE "new_Post" RENAME TO "Post";
CREATE INDEX "Post_postType_idx" ON "Post"("postType");
CREATE UNIQUE INDEX "Post_postType_slug_key" ON "Post"("postType", "slug");
CREATE TABLE "new_svc_content_inbox" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" TEXT NOT NULL DEFAULT '',
    "webhookId" TEXT,
    "body" TEXT NOT NULL DEFAULT '',
    "shapeFingerprint" TEXT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "postId" TEXT,
    "error" TEXT,
    "receivedAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "processedAt" DATETIME
);
INSERT INTO "new_svc_content_inbox" ("body", "error", "id", "postId", "processedAt", "receivedAt", "shapeFingerprint", "sourceId", "status", "webhookId") SELECT "body", "error", "id", "postId", "processedAt", "receivedAt", "shapeFingerprint", "sourceId", "status", "webhookId" FROM "svc_content_inbox";
DROP TABLE "svc_content_inbox";
ALTER TABLE "new_svc_content_inbox" RENAME TO "svc_content_inbox";
CREATE INDEX "svc_content_inbox_sourceId_idx" ON "svc_content_inbox"("sourceId");
CREATE INDEX "svc_content_inbox_status_idx" ON "svc_content_inbox"("status");
CREATE UNIQUE INDEX "svc_content_inbox_sourceId_webhookId_key" ON "svc_content_inbox"("sourceId", "webhookId");
CREATE TABLE "new_svc_pipeline_runs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "source" TEXT,
    "postId" TEXT NOT NULL DEFAULT '',
    "recipeId" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT '',
    "triggerKind" TEXT NOT NULL DEFAULT '',
    "isDryRun" BOOLEAN NOT NULL DEFAULT false,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "contentHash" TEXT NOT NULL DEFAULT '',
    "message" TEXT,
    "stages" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_svc_pipeline_runs" ("changed", "contentHash", "createdAt", "durationMs", "id", "isDryRun", "message", "postId", "recipeId", "source", "stages", "status", "triggerKind") SELECT "changed", "contentHash", "createdAt", "durationMs", "id", "isDryRun", "message", "postId", "recipeId", "source", "stages", "status", "triggerKind" FROM "svc_pipeline_runs";
DROP TABLE "svc_pipeline_runs";
ALTER TABLE "new_svc_pipeline_runs" RENAME TO "svc_pipeline_runs";
CREATE INDEX "svc_pipeline_runs_postId_idx" ON "svc_pipeline_runs"("postId");
CREATE INDEX "svc_pipeline_runs_recipeId_idx" ON "svc_pipeline_runs"("recipeId");
CREATE INDEX "svc_pipeline_runs_status_idx" ON "svc_pipeline_runs"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_items_postId_key" ON "svc_content_items"("postId");

-- CreateIndex
CREATE INDEX "svc_content_items_source_idx" ON "svc_content_items"("source");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_items_source_externalId_key" ON "svc_content_items"("source", "externalId");
