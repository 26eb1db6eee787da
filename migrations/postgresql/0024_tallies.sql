-- CreateTable
CREATE TABLE "svc_tallies" (
    "id" SERIAL NOT NULL,
    "series" TEXT NOT NULL DEFAULT '',
    "bucket" TEXT NOT NULL DEFAULT '',
    "dimension" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "svc_tallies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_tallies_series_bucket_dimension_key" ON "svc_tallies"("series", "bucket", "dimension");

-- Tallies are kept by the database itself, in the transaction of the row they count, whichever
-- path wrote it (an operation, the audit writer on the driver, retention, a script). Periods are
-- UTC (timestamps are stored in UTC): a day 'YYYY-MM-DD', an hour 'YYYY-MM-DDTHH'. Inserts are
-- tallied once per statement from its transition table, so a batch of audit rows or a bulk load
-- adds one grouped upsert, not one per row.

CREATE FUNCTION "svc_tally"(p_series TEXT, p_bucket TEXT, p_dimension TEXT, p_count INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count") VALUES (p_series, p_bucket, p_dimension, p_count)
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "svc_tallies"."count" + EXCLUDED."count";
$$;

-- Leads per day by source and leads by status: kept equal to the ledger (a deleted lead leaves both).
CREATE FUNCTION "svc_tallies_leads_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
    SELECT 'leads.day.source', to_char("firstSeen", 'YYYY-MM-DD') AS b, "source", COUNT(*) FROM "svc_new_rows" GROUP BY b, "source"
    UNION ALL SELECT 'leads.status', '', "status", COUNT(*) FROM "svc_new_rows" GROUP BY "status"
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "svc_tallies"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;
CREATE TRIGGER "svc_tallies_leads_insert" AFTER INSERT ON "svc_leads" REFERENCING NEW TABLE AS "svc_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "svc_tallies_leads_insert"();

CREATE FUNCTION "svc_tallies_leads_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "svc_tally"('leads.day.source', to_char(OLD."firstSeen", 'YYYY-MM-DD'), OLD."source", -1);
    PERFORM "svc_tally"('leads.status', '', OLD."status", -1);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM "svc_tally"('leads.day.source', to_char(NEW."firstSeen", 'YYYY-MM-DD'), NEW."source", 1);
    PERFORM "svc_tally"('leads.status', '', NEW."status", 1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "svc_tallies_leads_update" AFTER UPDATE OF "status", "source", "firstSeen" ON "svc_leads" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."firstSeen" IS DISTINCT FROM NEW."firstSeen")
  EXECUTE FUNCTION "svc_tallies_leads_change"();
CREATE TRIGGER "svc_tallies_leads_delete" AFTER DELETE ON "svc_leads" FOR EACH ROW EXECUTE FUNCTION "svc_tallies_leads_change"();

-- Runs per day by status, webhook attempts per day by subscription and outcome, audit entries per
-- hour by door: what happened, so retention's deletes leave them.
CREATE FUNCTION "svc_tallies_runs_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
    SELECT 'runs.day.status', to_char("createdAt", 'YYYY-MM-DD') AS b, "status", COUNT(*) FROM "svc_new_rows" GROUP BY b, "status"
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "svc_tallies"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;
CREATE TRIGGER "svc_tallies_runs_insert" AFTER INSERT ON "svc_pipeline_runs" REFERENCING NEW TABLE AS "svc_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "svc_tallies_runs_insert"();

CREATE FUNCTION "svc_tallies_webhook_deliveries_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
    SELECT 'webhooks.day.' || "status" AS s, to_char("at", 'YYYY-MM-DD') AS b, "subscriptionId", COUNT(*) FROM "svc_new_rows" GROUP BY s, b, "subscriptionId"
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "svc_tallies"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;
CREATE TRIGGER "svc_tallies_webhook_deliveries_insert" AFTER INSERT ON "svc_webhook_deliveries" REFERENCING NEW TABLE AS "svc_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "svc_tallies_webhook_deliveries_insert"();

-- The Admin UI calls the API with its session: its door is the sign-in, whichever route it used.
CREATE FUNCTION "svc_tallies_audit_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
    SELECT 'audit.hour.door', to_char(COALESCE("at", now() AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24') AS b,
      CASE WHEN "mode" = 'session' THEN 'admin_ui' ELSE "channel" END AS d, COUNT(*) FROM "svc_new_rows" GROUP BY b, d
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "svc_tallies"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;
CREATE TRIGGER "svc_tallies_audit_insert" AFTER INSERT ON "svc_audit_entries" REFERENCING NEW TABLE AS "svc_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "svc_tallies_audit_insert"();

-- Outbox messages entering and leaving 'pending' per hour: with the pending count now, the depth at
-- the end of any hour is now's less those entered since plus those left since.
CREATE FUNCTION "svc_tallies_outbox_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
    SELECT 'outbox.hour', to_char(COALESCE("createdAt", now() AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24') AS b, 'entered', COUNT(*)
    FROM "svc_new_rows" WHERE "status" = 'pending' GROUP BY b
  ON CONFLICT ("series", "bucket", "dimension") DO UPDATE SET "count" = "svc_tallies"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;
CREATE TRIGGER "svc_tallies_outbox_insert" AFTER INSERT ON "svc_outbox_messages" REFERENCING NEW TABLE AS "svc_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "svc_tallies_outbox_insert"();

CREATE FUNCTION "svc_tallies_outbox_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "svc_tally"('outbox.hour', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'), 'left', 1);
  ELSIF NEW."status" = 'pending' THEN
    PERFORM "svc_tally"('outbox.hour', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'), 'entered', 1);
  ELSE
    PERFORM "svc_tally"('outbox.hour', to_char(COALESCE(NEW."deliveredAt", now() AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24'), 'left', 1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "svc_tallies_outbox_update" AFTER UPDATE OF "status" ON "svc_outbox_messages" FOR EACH ROW
  WHEN ((OLD."status" = 'pending') <> (NEW."status" = 'pending'))
  EXECUTE FUNCTION "svc_tallies_outbox_change"();
CREATE TRIGGER "svc_tallies_outbox_delete" AFTER DELETE ON "svc_outbox_messages" FOR EACH ROW
  WHEN (OLD."status" = 'pending')
  EXECUTE FUNCTION "svc_tallies_outbox_change"();

-- What the tables held before this migration.
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'leads.day.source', to_char("firstSeen", 'YYYY-MM-DD') AS b, "source", COUNT(*) FROM "svc_leads" GROUP BY b, "source";
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'leads.status', '', "status", COUNT(*) FROM "svc_leads" GROUP BY "status";
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'runs.day.status', to_char("createdAt", 'YYYY-MM-DD') AS b, "status", COUNT(*) FROM "svc_pipeline_runs" GROUP BY b, "status";
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'webhooks.day.' || "status" AS s, to_char("at", 'YYYY-MM-DD') AS b, "subscriptionId", COUNT(*) FROM "svc_webhook_deliveries" GROUP BY s, b, "subscriptionId";
-- Only the last two days of the audit log: the Health page charts the last one.
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'audit.hour.door', to_char("at", 'YYYY-MM-DD"T"HH24') AS b, CASE WHEN "mode" = 'session' THEN 'admin_ui' ELSE "channel" END AS d, COUNT(*)
  FROM "svc_audit_entries" WHERE "at" >= now() AT TIME ZONE 'UTC' - INTERVAL '2 days' GROUP BY b, d;
INSERT INTO "svc_tallies" ("series", "bucket", "dimension", "count")
  SELECT 'outbox.hour', to_char("createdAt", 'YYYY-MM-DD"T"HH24') AS b, 'entered', COUNT(*) FROM "svc_outbox_messages" WHERE "status" = 'pending' GROUP BY b;
