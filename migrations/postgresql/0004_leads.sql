-- DropTable
DROP TABLE "svc_rate_limits";

-- CreateTable
CREATE TABLE "svc_leads" (
    "id" SERIAL NOT NULL,
    "ref" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL DEFAULT '',
    "campaign" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "name" TEXT,
    "attribution" JSONB DEFAULT '{}',
    "data" JSONB DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'New',
    "rtContactId" TEXT,
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "headHash" TEXT NOT NULL DEFAULT '',
    "firstSeen" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_leads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_lead_events" (
    "id" SERIAL NOT NULL,
    "lead" INTEGER,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMP(3) NOT NULL,
    "data" JSONB DEFAULT '{}',
    "prevHash" TEXT NOT NULL DEFAULT '',
    "hash" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "svc_lead_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_rate_windows" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "windowStart" TIMESTAMP(3) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "svc_rate_windows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_leads_ref_key" ON "svc_leads"("ref");

-- CreateIndex
CREATE INDEX "svc_leads_source_idx" ON "svc_leads"("source");

-- CreateIndex
CREATE INDEX "svc_leads_status_idx" ON "svc_leads"("status");

-- CreateIndex
CREATE INDEX "svc_leads_rtContactId_idx" ON "svc_leads"("rtContactId");

-- CreateIndex
CREATE INDEX "svc_leads_firstSeen_idx" ON "svc_leads"("firstSeen");

-- CreateIndex
CREATE INDEX "svc_lead_events_lead_idx" ON "svc_lead_events"("lead");

-- CreateIndex
CREATE INDEX "svc_lead_events_at_idx" ON "svc_lead_events"("at");

-- CreateIndex
CREATE UNIQUE INDEX "svc_lead_events_lead_seq_key" ON "svc_lead_events"("lead", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "svc_rate_windows_key_key" ON "svc_rate_windows"("key");

-- CreateIndex
CREATE INDEX "svc_rate_windows_windowStart_idx" ON "svc_rate_windows"("windowStart");

-- AddForeignKey
ALTER TABLE "svc_lead_events" ADD CONSTRAINT "svc_lead_events_lead_fkey" FOREIGN KEY ("lead") REFERENCES "svc_leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;
