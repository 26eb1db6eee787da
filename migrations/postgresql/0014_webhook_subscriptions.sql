-- CreateTable
CREATE TABLE "svc_events" (
    "id" SERIAL NOT NULL,
    "eventId" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT '',
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "actor" JSONB,
    "requestId" TEXT,
    "data" JSONB DEFAULT '{}',

    CONSTRAINT "svc_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "eventId" TEXT NOT NULL DEFAULT '',
    "eventType" TEXT NOT NULL DEFAULT '',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT '',
    "httpStatus" INTEGER,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "responseExcerpt" TEXT NOT NULL DEFAULT '',
    "error" TEXT,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "svc_webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_webhook_subscriptions" (
    "id" SERIAL NOT NULL,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL DEFAULT '',
    "eventTypes" JSONB DEFAULT '[]',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT NOT NULL DEFAULT '',
    "secretCiphertext" TEXT NOT NULL DEFAULT '',
    "previousSecretCiphertext" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_events_eventId_key" ON "svc_events"("eventId");

-- CreateIndex
CREATE INDEX "svc_events_type_idx" ON "svc_events"("type");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_subscriptionId_idx" ON "svc_webhook_deliveries"("subscriptionId");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_eventId_idx" ON "svc_webhook_deliveries"("eventId");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_at_idx" ON "svc_webhook_deliveries"("at");

-- CreateIndex
CREATE UNIQUE INDEX "svc_webhook_subscriptions_subscriptionId_key" ON "svc_webhook_subscriptions"("subscriptionId");
