-- CreateTable
CREATE TABLE "svc_session_versions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_session_versions_accountId_key" ON "svc_session_versions"("accountId");
