-- CreateTable
CREATE TABLE "svc_module_states" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_module_states_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_module_states_key_key" ON "svc_module_states"("key");
