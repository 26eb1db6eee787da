-- CreateTable
CREATE TABLE "svc_oauth_records" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "model" TEXT NOT NULL DEFAULT '',
    "payload" TEXT NOT NULL DEFAULT '',
    "grantId" TEXT,
    "uid" TEXT,
    "userCode" TEXT,
    "accountId" TEXT,
    "clientId" TEXT,
    "createdAt" DATETIME NOT NULL,
    "expiresAt" DATETIME,
    "consumedAt" DATETIME,
    "lastUsedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_oauth_records_key_key" ON "svc_oauth_records"("key");

-- CreateIndex
CREATE INDEX "svc_oauth_records_grantId_idx" ON "svc_oauth_records"("grantId");

-- CreateIndex
CREATE INDEX "svc_oauth_records_uid_idx" ON "svc_oauth_records"("uid");

-- CreateIndex
CREATE INDEX "svc_oauth_records_userCode_idx" ON "svc_oauth_records"("userCode");

-- CreateIndex
CREATE INDEX "svc_oauth_records_accountId_idx" ON "svc_oauth_records"("accountId");

-- CreateIndex
CREATE INDEX "svc_oauth_records_expiresAt_idx" ON "svc_oauth_records"("expiresAt");
