-- CreateTable
CREATE TABLE "svc_tallies" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "series" TEXT NOT NULL DEFAULT '',
    "bucket" TEXT NOT NULL DEFAULT '',
    "dimension" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_tallies_series_bucket_dimension_key" ON "svc_tallies"("series", "bucket", "dimension");

-- Tallies are kept by the database itself, in the transaction of the row they count, whichever
-- path wrote it (an operation, the audit writer on the driver, retention, a script). Periods are
-- UTC: a day 'YYYY-MM-DD', an hour 'YYYY-MM-DDTHH'; a timestamp is ISO text (the driver adapter's
-- default) or milliseconds since the epoch (its 'unixepoch-ms' format).

-- Leads per day by source and leads by status: kept equal to the ledger (a deleted lead leaves both).
CREATE TRIGGER "svc_tallies_leads_insert" AFTER INSERT ON "svc_leads" BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('leads.day.source', CASE typeof(NEW."firstSeen") WHEN 'integer' THEN strftime('%Y-%m-%d', NEW."firstSeen" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', NEW."firstSeen") END, NEW."source", 1),
    ('leads.status', '', NEW."status", 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

CREATE TRIGGER "svc_tallies_leads_delete" AFTER DELETE ON "svc_leads" BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('leads.day.source', CASE typeof(OLD."firstSeen") WHEN 'integer' THEN strftime('%Y-%m-%d', OLD."firstSeen" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', OLD."firstSeen") END, OLD."source", -1),
    ('leads.status', '', OLD."status", -1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

CREATE TRIGGER "svc_tallies_leads_update" AFTER UPDATE OF "status", "source", "firstSeen" ON "svc_leads"
WHEN OLD."status" IS NOT NEW."status" OR OLD."source" IS NOT NEW."source" OR OLD."firstSeen" IS NOT NEW."firstSeen" BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('leads.day.source', CASE typeof(OLD."firstSeen") WHEN 'integer' THEN strftime('%Y-%m-%d', OLD."firstSeen" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', OLD."firstSeen") END, OLD."source", -1),
    ('leads.status', '', OLD."status", -1),
    ('leads.day.source', CASE typeof(NEW."firstSeen") WHEN 'integer' THEN strftime('%Y-%m-%d', NEW."firstSeen" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', NEW."firstSeen") END, NEW."source", 1),
    ('leads.status', '', NEW."status", 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

-- Runs per day by status, webhook attempts per day by subscription and outcome, audit entries per
-- hour by door: what happened, so retention's deletes leave them.
CREATE TRIGGER "svc_tallies_runs_insert" AFTER INSERT ON "svc_pipeline_runs" BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('runs.day.status', CASE typeof(NEW."createdAt") WHEN 'integer' THEN strftime('%Y-%m-%d', NEW."createdAt" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', NEW."createdAt") END, NEW."status", 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

CREATE TRIGGER "svc_tallies_webhook_deliveries_insert" AFTER INSERT ON "svc_webhook_deliveries" BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('webhooks.day.' || NEW."status", CASE typeof(NEW."at") WHEN 'integer' THEN strftime('%Y-%m-%d', NEW."at" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', NEW."at") END, NEW."subscriptionId", 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

-- The Admin UI calls the API with its session: its door is the sign-in, whichever route it used.
CREATE TRIGGER "svc_tallies_audit_insert" AFTER INSERT ON "svc_audit_entries" BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('audit.hour.door', CASE typeof(NEW."at") WHEN 'integer' THEN strftime('%Y-%m-%dT%H', NEW."at" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%dT%H', COALESCE(NEW."at", 'now')) END,
      CASE WHEN NEW."mode" = 'session' THEN 'admin_ui' ELSE NEW."channel" END, 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

-- Outbox messages entering and leaving 'pending' per hour: with the pending count now, the depth at
-- the end of any hour is now's less those entered since plus those left since.
CREATE TRIGGER "svc_tallies_outbox_insert" AFTER INSERT ON "svc_outbox_messages" WHEN NEW."status" = 'pending' BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('outbox.hour', CASE typeof(NEW."createdAt") WHEN 'integer' THEN strftime('%Y-%m-%dT%H', NEW."createdAt" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%dT%H', COALESCE(NEW."createdAt", 'now')) END, 'entered', 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

CREATE TRIGGER "svc_tallies_outbox_leave" AFTER UPDATE OF "status" ON "svc_outbox_messages" WHEN OLD."status" = 'pending' AND NEW."status" <> 'pending' BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES
    ('outbox.hour', CASE typeof(NEW."deliveredAt") WHEN 'integer' THEN strftime('%Y-%m-%dT%H', NEW."deliveredAt" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%dT%H', COALESCE(NEW."deliveredAt", 'now')) END, 'left', 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

CREATE TRIGGER "svc_tallies_outbox_reenter" AFTER UPDATE OF "status" ON "svc_outbox_messages" WHEN OLD."status" <> 'pending' AND NEW."status" = 'pending' BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES ('outbox.hour', strftime('%Y-%m-%dT%H', 'now'), 'entered', 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

CREATE TRIGGER "svc_tallies_outbox_delete" AFTER DELETE ON "svc_outbox_messages" WHEN OLD."status" = 'pending' BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES ('outbox.hour', strftime('%Y-%m-%dT%H', 'now'), 'left', 1)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "count" + excluded."count";
END;

-- What the tables held before this migration.
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'leads.day.source', CASE typeof("firstSeen") WHEN 'integer' THEN strftime('%Y-%m-%d', "firstSeen" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', "firstSeen") END AS b, "source", COUNT(*) FROM "svc_leads" GROUP BY b, "source";
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'leads.status', '', "status", COUNT(*) FROM "svc_leads" GROUP BY "status";
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'runs.day.status', CASE typeof("createdAt") WHEN 'integer' THEN strftime('%Y-%m-%d', "createdAt" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', "createdAt") END AS b, "status", COUNT(*) FROM "svc_pipeline_runs" GROUP BY b, "status";
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'webhooks.day.' || "status" AS s, CASE typeof("at") WHEN 'integer' THEN strftime('%Y-%m-%d', "at" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%d', "at") END AS b, "subscriptionId", COUNT(*) FROM "svc_webhook_deliveries" GROUP BY s, b, "subscriptionId";
-- Only the last two days of the audit log: the Health page charts the last one.
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'audit.hour.door', CASE typeof("at") WHEN 'integer' THEN strftime('%Y-%m-%dT%H', "at" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%dT%H', "at") END AS b, CASE WHEN "mode" = 'session' THEN 'admin_ui' ELSE "channel" END AS d, COUNT(*)
  FROM "svc_audit_entries" WHERE "at" >= strftime('%Y-%m-%dT%H:%M:%S', 'now', '-2 days') GROUP BY b, d;
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'outbox.hour', CASE typeof("createdAt") WHEN 'integer' THEN strftime('%Y-%m-%dT%H', "createdAt" / 1000, 'unixepoch') ELSE strftime('%Y-%m-%dT%H', "createdAt") END AS b, 'entered', COUNT(*) FROM "svc_outbox_messages" WHERE "status" = 'pending' GROUP BY b;
