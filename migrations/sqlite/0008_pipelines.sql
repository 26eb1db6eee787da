-- CreateTable
CREATE TABLE "svc_pipeline_recipes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "stages" JSONB,
    "trigger" JSONB,
    "policy" JSONB,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_pipeline_runs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "source" TEXT,
    "postId" INTEGER NOT NULL,
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

-- CreateIndex
CREATE UNIQUE INDEX "svc_pipeline_recipes_slug_key" ON "svc_pipeline_recipes"("slug");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_postId_idx" ON "svc_pipeline_runs"("postId");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_recipeId_idx" ON "svc_pipeline_runs"("recipeId");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_status_idx" ON "svc_pipeline_runs"("status");
