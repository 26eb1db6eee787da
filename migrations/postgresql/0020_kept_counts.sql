-- CreateTable
CREATE TABLE "svc_kept_counts" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0,
    "countedAt" TIMESTAMP(3),

    CONSTRAINT "svc_kept_counts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_kept_counts_key_key" ON "svc_kept_counts"("key");
