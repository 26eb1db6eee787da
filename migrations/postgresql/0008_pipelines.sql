-- CreateTable
CREATE TABLE "svc_pipeline_recipes" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "stages" JSONB DEFAULT '[]',
    "trigger" JSONB DEFAULT '{"on":["manual"]}',
    "policy" JSONB DEFAULT '{}',
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_pipeline_recipes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_pipeline_runs" (
    "id" SERIAL NOT NULL,
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
    "stages" JSONB DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_pipeline_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_pipeline_recipes_slug_key" ON "svc_pipeline_recipes"("slug");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_postId_idx" ON "svc_pipeline_runs"("postId");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_recipeId_idx" ON "svc_pipeline_runs"("recipeId");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_status_idx" ON "svc_pipeline_runs"("status");
