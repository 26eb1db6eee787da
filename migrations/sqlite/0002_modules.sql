-- CreateTable
CREATE TABLE "svc_module_states" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_module_states_key_key" ON "svc_module_states"("key");
