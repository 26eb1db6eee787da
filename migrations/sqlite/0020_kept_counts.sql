-- CreateTable
CREATE TABLE "svc_kept_counts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0,
    "countedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_kept_counts_key_key" ON "svc_kept_counts"("key");
