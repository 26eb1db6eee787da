-- CreateTable
CREATE TABLE "svc_rate_limits" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_rate_limits_key_key" ON "svc_rate_limits"("key");
