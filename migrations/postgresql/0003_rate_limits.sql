-- CreateTable
CREATE TABLE "svc_rate_limits" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" TIMESTAMP(3),

    CONSTRAINT "svc_rate_limits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_rate_limits_key_key" ON "svc_rate_limits"("key");
