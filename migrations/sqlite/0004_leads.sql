-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "svc_rate_limits";
PRAGMA foreign_keys=on;

-- CreateTable
CREATE TABLE "svc_leads" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ref" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL DEFAULT '',
    "campaign" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "name" TEXT,
    "attribution" JSONB,
    "data" JSONB,
    "status" TEXT NOT NULL DEFAULT 'New',
    "rtContactId" TEXT,
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "headHash" TEXT NOT NULL DEFAULT '',
    "firstSeen" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_lead_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "lead" INTEGER,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL DEFAULT '',
    "at" DATETIME NOT NULL,
    "data" JSONB,
    "prevHash" TEXT NOT NULL DEFAULT '',
    "hash" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "svc_lead_events_lead_fkey" FOREIGN KEY ("lead") REFERENCES "svc_leads" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "svc_rate_windows" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "windowStart" DATETIME NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0
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
