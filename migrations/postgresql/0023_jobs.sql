-- AlterTable
ALTER TABLE "svc_pipeline_runs" ADD COLUMN     "jobId" INTEGER;

-- CreateTable
CREATE TABLE "svc_jobs" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL DEFAULT '',
    "target" TEXT NOT NULL DEFAULT '',
    "activeKey" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "params" JSONB DEFAULT '{}',
    "cursor" TEXT,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "tally" JSONB DEFAULT '{}',
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "holder" TEXT,
    "heldUntil" TIMESTAMP(3),
    "actorId" TEXT,
    "actorEmail" TEXT,
    "actorMode" TEXT,
    "keyId" TEXT,
    "channel" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "svc_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_jobs_activeKey_key" ON "svc_jobs"("activeKey");

-- CreateIndex
CREATE INDEX "svc_jobs_heldUntil_idx" ON "svc_jobs"("heldUntil");

-- CreateIndex
CREATE INDEX "svc_jobs_status_id_idx" ON "svc_jobs"("status", "id");

-- CreateIndex
CREATE INDEX "svc_jobs_kind_id_idx" ON "svc_jobs"("kind", "id");

-- CreateIndex
CREATE UNIQUE INDEX "svc_pipeline_runs_jobId_postId_key" ON "svc_pipeline_runs"("jobId", "postId");
