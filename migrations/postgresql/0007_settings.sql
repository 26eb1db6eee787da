-- CreateTable
CREATE TABLE "svc_ai_settings" (
    "id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'openai',
    "model" TEXT NOT NULL DEFAULT 'gpt-4o-mini',
    "baseUrl" TEXT,
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0.7,
    "maxTokens" INTEGER NOT NULL DEFAULT 1024,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "apiKeyCiphertext" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_ai_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_integrations" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "settings" JSONB DEFAULT '{}',
    "secretCiphertext" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_variables" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "valueJson" TEXT NOT NULL DEFAULT '',
    "description" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_variables_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_integrations_key_key" ON "svc_integrations"("key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_variables_name_key" ON "svc_variables"("name");
