-- CreateTable
CREATE TABLE "Member" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "password" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false
);

-- CreateTable
CREATE TABLE "Article" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL DEFAULT '',
    "body" JSONB NOT NULL,
    "slug" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft'
);

-- CreateTable
CREATE TABLE "Topic" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "svc_ai_settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "provider" TEXT NOT NULL DEFAULT 'openai',
    "model" TEXT NOT NULL DEFAULT 'gpt-4o-mini',
    "baseUrl" TEXT,
    "temperature" REAL NOT NULL DEFAULT 0.7,
    "maxTokens" INTEGER NOT NULL DEFAULT 1024,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "apiKeyCiphertext" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "publicId" TEXT NOT NULL DEFAULT '',
    "secretDigest" TEXT NOT NULL DEFAULT '',
    "label" TEXT NOT NULL DEFAULT '',
    "owner" TEXT,
    "parent" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "lastUsedIp" TEXT,
    "scopes" TEXT,
    "readOnly" BOOLEAN NOT NULL DEFAULT false,
    "approval" TEXT NOT NULL DEFAULT 'none',
    "expiresAt" DATETIME,
    "revokedAt" DATETIME,
    "failedAuthCount" INTEGER NOT NULL DEFAULT 0,
    "lastFailedAuthAt" DATETIME,
    CONSTRAINT "svc_api_keys_owner_fkey" FOREIGN KEY ("owner") REFERENCES "Member" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "svc_api_keys_parent_fkey" FOREIGN KEY ("parent") REFERENCES "svc_api_keys" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "svc_approvals" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "operation" TEXT NOT NULL DEFAULT '',
    "params" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "keyId" TEXT NOT NULL DEFAULT '',
    "requesterId" TEXT NOT NULL DEFAULT '',
    "requesterEmail" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "decidedAt" DATETIME,
    "decidedById" TEXT,
    "decidedByEmail" TEXT,
    "result" TEXT
);

-- CreateTable
CREATE TABLE "svc_audit_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "operation" TEXT NOT NULL DEFAULT '',
    "channel" TEXT NOT NULL DEFAULT 'dispatch',
    "tool" TEXT,
    "actorId" TEXT,
    "actorEmail" TEXT,
    "mode" TEXT NOT NULL DEFAULT '',
    "keyId" TEXT,
    "ok" BOOLEAN NOT NULL DEFAULT false,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "code" TEXT,
    "durationMs" INTEGER DEFAULT 0,
    "params" JSONB,
    "requestId" TEXT,
    "traceId" TEXT
);

-- CreateTable
CREATE TABLE "svc_content_inbox" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" TEXT NOT NULL DEFAULT '',
    "webhookId" TEXT,
    "body" TEXT NOT NULL DEFAULT '',
    "shapeFingerprint" TEXT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "postId" TEXT,
    "error" TEXT,
    "receivedAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "processedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_content_items" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "source" TEXT NOT NULL DEFAULT '',
    "externalId" TEXT,
    "postId" TEXT NOT NULL DEFAULT '',
    "contentHash" TEXT,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_content_sources" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'awaiting_sample',
    "authMode" TEXT NOT NULL DEFAULT 'hmac',
    "secretCiphertext" TEXT,
    "secretSource" TEXT NOT NULL DEFAULT 'none',
    "sigHeaderMode" TEXT NOT NULL DEFAULT 'standard',
    "sigHeaderName" TEXT NOT NULL DEFAULT 'X-Svc-Signature',
    "defaultAuthorId" INTEGER,
    "pinAuthor" BOOLEAN NOT NULL DEFAULT false,
    "authorMatchMode" TEXT NOT NULL DEFAULT 'default',
    "defaultReviewers" JSONB,
    "defaultCcs" JSONB,
    "defaultPostStatus" TEXT NOT NULL DEFAULT 'draft',
    "reingestMode" TEXT NOT NULL DEFAULT 'skip',
    "targetPostType" TEXT NOT NULL DEFAULT 'post',
    "cptPostType" TEXT,
    "metaFields" JSONB,
    "fmVariables" JSONB,
    "targetTagSlug" TEXT,
    "taxonomyApplyMode" TEXT NOT NULL DEFAULT 'append',
    "stripUncategorized" BOOLEAN NOT NULL DEFAULT false,
    "contentCleanup" BOOLEAN NOT NULL DEFAULT false,
    "stripInbodyToc" BOOLEAN NOT NULL DEFAULT false,
    "stripInbodyFaq" BOOLEAN NOT NULL DEFAULT false,
    "addHeadingAnchors" BOOLEAN NOT NULL DEFAULT false,
    "imageModify" JSONB,
    "forwardEnabled" BOOLEAN NOT NULL DEFAULT false,
    "forwardUrl" TEXT,
    "forwardAuthMode" TEXT NOT NULL DEFAULT 'none',
    "forwardSecretCiphertext" TEXT,
    "mapping" JSONB,
    "mappingStatus" TEXT NOT NULL DEFAULT 'none',
    "shapeFingerprint" TEXT,
    "sample" JSONB,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_counters" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "value" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "svc_crm_slots" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slot" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "url" TEXT,
    "linkAdminOnly" BOOLEAN NOT NULL DEFAULT false,
    "apiKeyCiphertext" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "eventId" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT '',
    "occurredAt" DATETIME NOT NULL,
    "actor" JSONB,
    "requestId" TEXT,
    "traceparent" TEXT,
    "data" JSONB
);

-- CreateTable
CREATE TABLE "svc_idempotency_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "caller" TEXT NOT NULL DEFAULT '',
    "key" TEXT NOT NULL DEFAULT '',
    "fingerprint" TEXT NOT NULL DEFAULT '',
    "claimedAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "status" INTEGER,
    "response" TEXT
);

-- CreateTable
CREATE TABLE "svc_integrations" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "settings" JSONB,
    "secretCiphertext" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_kept_counts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0,
    "countedAt" DATETIME
);

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
CREATE TABLE "svc_lead_chain_checkpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "lastEventId" INTEGER NOT NULL DEFAULT 0,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "events" INTEGER NOT NULL DEFAULT 0,
    "verifiedAt" DATETIME
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
CREATE TABLE "svc_module_states" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME
);

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

-- CreateTable
CREATE TABLE "svc_outbox_messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "topic" TEXT NOT NULL DEFAULT '',
    "orderingKey" TEXT NOT NULL DEFAULT '',
    "payload" JSONB,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lockedBy" TEXT,
    "lastError" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_pipeline_recipes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "stages" JSONB,
    "trigger" JSONB,
    "policy" JSONB,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_pipeline_runs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "source" TEXT,
    "postId" TEXT NOT NULL DEFAULT '',
    "recipeId" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT '',
    "triggerKind" TEXT NOT NULL DEFAULT '',
    "isDryRun" BOOLEAN NOT NULL DEFAULT false,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "contentHash" TEXT NOT NULL DEFAULT '',
    "message" TEXT,
    "stages" JSONB,
    "jobId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "svc_rate_windows" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "windowStart" DATETIME NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "svc_retention_state" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL DEFAULT '',
    "rows" INTEGER NOT NULL DEFAULT 0,
    "oldestAt" DATETIME,
    "lastPrunedAt" DATETIME,
    "lastPruned" INTEGER NOT NULL DEFAULT 0,
    "holder" TEXT,
    "heldUntil" DATETIME
);

-- CreateTable
CREATE TABLE "svc_roles" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "icon" TEXT NOT NULL DEFAULT '',
    "color" TEXT NOT NULL DEFAULT '',
    "constraintType" TEXT NOT NULL DEFAULT 'none',
    "maxCount" INTEGER,
    "system" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_session_versions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "svc_team_members" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slot" INTEGER NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "fullName" TEXT NOT NULL DEFAULT '',
    "nickname" TEXT NOT NULL DEFAULT '',
    "companyName" TEXT NOT NULL DEFAULT '',
    "phoneNumber" TEXT NOT NULL DEFAULT '',
    "phoneMapPref" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "emailAlternate" TEXT NOT NULL DEFAULT '',
    "emailPersonal" TEXT NOT NULL DEFAULT '',
    "linkProfilePic" TEXT NOT NULL DEFAULT '',
    "linkProfilePicAttachmentId" INTEGER,
    "modelPhotoIds" JSONB,
    "modelPhotoExcludeProfile" TEXT NOT NULL DEFAULT '',
    "modelConsentGranted" TEXT NOT NULL DEFAULT '',
    "notifyReminders" TEXT NOT NULL DEFAULT '1',
    "notifyReplies" TEXT NOT NULL DEFAULT '1',
    "account" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    CONSTRAINT "svc_team_members_account_fkey" FOREIGN KEY ("account") REFERENCES "Member" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "svc_variables" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT '',
    "valueJson" TEXT NOT NULL DEFAULT '',
    "description" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_webhook_deliveries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "eventId" TEXT NOT NULL DEFAULT '',
    "eventType" TEXT NOT NULL DEFAULT '',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT '',
    "httpStatus" INTEGER,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "responseExcerpt" TEXT NOT NULL DEFAULT '',
    "error" TEXT,
    "at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "svc_webhook_subscriptions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "subscriptionId" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL DEFAULT '',
    "eventTypes" JSONB,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT NOT NULL DEFAULT '',
    "reachKeyId" TEXT,
    "reachAccountId" TEXT,
    "secretCiphertext" TEXT NOT NULL DEFAULT '',
    "previousSecretCiphertext" TEXT,
    "previousSecretExpiresAt" DATETIME,
    "disabledReason" TEXT,
    "failingSince" DATETIME,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_welcome_email_windows" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "address" TEXT NOT NULL DEFAULT '',
    "lastSentAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "_Article_tags" (
    "A" TEXT NOT NULL,
    "B" TEXT NOT NULL,
    CONSTRAINT "_Article_tags_A_fkey" FOREIGN KEY ("A") REFERENCES "Article" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_Article_tags_B_fkey" FOREIGN KEY ("B") REFERENCES "Topic" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "_SvcRole_members" (
    "A" TEXT NOT NULL,
    "B" TEXT NOT NULL,
    CONSTRAINT "_SvcRole_members_A_fkey" FOREIGN KEY ("A") REFERENCES "svc_roles" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_SvcRole_members_B_fkey" FOREIGN KEY ("B") REFERENCES "svc_team_members" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "svc_jobs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL DEFAULT '',
    "target" TEXT NOT NULL DEFAULT '',
    "activeKey" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "params" JSONB,
    "cursor" TEXT,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "tally" JSONB,
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "holder" TEXT,
    "heldUntil" DATETIME,
    "actorId" TEXT,
    "actorEmail" TEXT,
    "actorMode" TEXT,
    "keyId" TEXT,
    "channel" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "Member_email_key" ON "Member"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Article_slug_key" ON "Article"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Topic_slug_key" ON "Topic"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "svc_api_keys_publicId_key" ON "svc_api_keys"("publicId");

-- CreateIndex
CREATE INDEX "svc_api_keys_owner_idx" ON "svc_api_keys"("owner");

-- CreateIndex
CREATE INDEX "svc_api_keys_parent_idx" ON "svc_api_keys"("parent");

-- CreateIndex
CREATE INDEX "svc_approvals_status_idx" ON "svc_approvals"("status");

-- CreateIndex
CREATE INDEX "svc_approvals_keyId_idx" ON "svc_approvals"("keyId");

-- CreateIndex
CREATE INDEX "svc_approvals_expiresAt_idx" ON "svc_approvals"("expiresAt");

-- CreateIndex
CREATE INDEX "svc_audit_entries_at_idx" ON "svc_audit_entries"("at");

-- CreateIndex
CREATE INDEX "svc_audit_entries_requestId_idx" ON "svc_audit_entries"("requestId");

-- CreateIndex
CREATE INDEX "svc_audit_entries_traceId_idx" ON "svc_audit_entries"("traceId");

-- CreateIndex
CREATE INDEX "svc_audit_entries_operation_id_idx" ON "svc_audit_entries"("operation", "id");

-- CreateIndex
CREATE INDEX "svc_audit_entries_channel_id_idx" ON "svc_audit_entries"("channel", "id");

-- CreateIndex
CREATE INDEX "svc_audit_entries_ok_id_idx" ON "svc_audit_entries"("ok", "id");

-- CreateIndex
CREATE INDEX "svc_content_inbox_processedAt_idx" ON "svc_content_inbox"("processedAt");

-- CreateIndex
CREATE INDEX "svc_content_inbox_sourceId_id_idx" ON "svc_content_inbox"("sourceId", "id");

-- CreateIndex
CREATE INDEX "svc_content_inbox_status_id_idx" ON "svc_content_inbox"("status", "id");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_inbox_sourceId_webhookId_key" ON "svc_content_inbox"("sourceId", "webhookId");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_items_postId_key" ON "svc_content_items"("postId");

-- CreateIndex
CREATE INDEX "svc_content_items_source_idx" ON "svc_content_items"("source");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_items_source_externalId_key" ON "svc_content_items"("source", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_sources_slug_key" ON "svc_content_sources"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "svc_counters_key_key" ON "svc_counters"("key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_crm_slots_slot_key" ON "svc_crm_slots"("slot");

-- CreateIndex
CREATE UNIQUE INDEX "svc_events_eventId_key" ON "svc_events"("eventId");

-- CreateIndex
CREATE INDEX "svc_events_type_idx" ON "svc_events"("type");

-- CreateIndex
CREATE INDEX "svc_events_occurredAt_idx" ON "svc_events"("occurredAt");

-- CreateIndex
CREATE INDEX "svc_idempotency_keys_expiresAt_idx" ON "svc_idempotency_keys"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "svc_idempotency_keys_caller_key_key" ON "svc_idempotency_keys"("caller", "key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_integrations_key_key" ON "svc_integrations"("key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_kept_counts_key_key" ON "svc_kept_counts"("key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_leads_ref_key" ON "svc_leads"("ref");

-- CreateIndex
CREATE INDEX "svc_leads_status_idx" ON "svc_leads"("status");

-- CreateIndex
CREATE INDEX "svc_leads_rtContactId_idx" ON "svc_leads"("rtContactId");

-- CreateIndex
CREATE INDEX "svc_leads_firstSeen_id_idx" ON "svc_leads"("firstSeen", "id");

-- CreateIndex
CREATE INDEX "svc_leads_source_firstSeen_id_idx" ON "svc_leads"("source", "firstSeen", "id");

-- CreateIndex
CREATE UNIQUE INDEX "svc_lead_chain_checkpoints_key_key" ON "svc_lead_chain_checkpoints"("key");

-- CreateIndex
CREATE INDEX "svc_lead_events_lead_idx" ON "svc_lead_events"("lead");

-- CreateIndex
CREATE INDEX "svc_lead_events_at_id_idx" ON "svc_lead_events"("at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "svc_lead_events_lead_seq_key" ON "svc_lead_events"("lead", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "svc_module_states_key_key" ON "svc_module_states"("key");

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

-- CreateIndex
CREATE INDEX "svc_outbox_messages_orderingKey_idx" ON "svc_outbox_messages"("orderingKey");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_status_idx" ON "svc_outbox_messages"("status");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_nextAttemptAt_idx" ON "svc_outbox_messages"("nextAttemptAt");

-- CreateIndex
CREATE INDEX "svc_outbox_messages_deliveredAt_idx" ON "svc_outbox_messages"("deliveredAt");

-- CreateIndex
CREATE UNIQUE INDEX "svc_pipeline_recipes_slug_key" ON "svc_pipeline_recipes"("slug");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_createdAt_idx" ON "svc_pipeline_runs"("createdAt");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_postId_id_idx" ON "svc_pipeline_runs"("postId", "id");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_recipeId_id_idx" ON "svc_pipeline_runs"("recipeId", "id");

-- CreateIndex
CREATE INDEX "svc_pipeline_runs_status_id_idx" ON "svc_pipeline_runs"("status", "id");

-- CreateIndex
CREATE UNIQUE INDEX "svc_rate_windows_key_key" ON "svc_rate_windows"("key");

-- CreateIndex
CREATE INDEX "svc_rate_windows_windowStart_idx" ON "svc_rate_windows"("windowStart");

-- CreateIndex
CREATE UNIQUE INDEX "svc_retention_state_key_key" ON "svc_retention_state"("key");

-- CreateIndex
CREATE UNIQUE INDEX "svc_roles_slug_key" ON "svc_roles"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "svc_session_versions_accountId_key" ON "svc_session_versions"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "svc_team_members_slot_key" ON "svc_team_members"("slot");

-- CreateIndex
CREATE INDEX "svc_team_members_account_idx" ON "svc_team_members"("account");

-- CreateIndex
CREATE UNIQUE INDEX "svc_variables_name_key" ON "svc_variables"("name");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_subscriptionId_idx" ON "svc_webhook_deliveries"("subscriptionId");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_eventId_idx" ON "svc_webhook_deliveries"("eventId");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_at_idx" ON "svc_webhook_deliveries"("at");

-- CreateIndex
CREATE UNIQUE INDEX "svc_webhook_subscriptions_subscriptionId_key" ON "svc_webhook_subscriptions"("subscriptionId");

-- CreateIndex
CREATE UNIQUE INDEX "svc_welcome_email_windows_address_key" ON "svc_welcome_email_windows"("address");

-- CreateIndex
CREATE UNIQUE INDEX "_Article_tags_AB_unique" ON "_Article_tags"("A", "B");

-- CreateIndex
CREATE INDEX "_Article_tags_B_index" ON "_Article_tags"("B");

-- CreateIndex
CREATE UNIQUE INDEX "_SvcRole_members_AB_unique" ON "_SvcRole_members"("A", "B");

-- CreateIndex
CREATE INDEX "_SvcRole_members_B_index" ON "_SvcRole_members"("B");

-- CreateIndex
CREATE UNIQUE INDEX "svc_jobs_activeKey_key" ON "svc_jobs"("activeKey");

-- CreateIndex
CREATE INDEX "svc_jobs_heldUntil_idx" ON "svc_jobs"("heldUntil");

-- CreateIndex
CREATE INDEX "svc_jobs_status_id_idx" ON "svc_jobs"("status", "id");

-- CreateIndex
CREATE INDEX "svc_jobs_kind_id_idx" ON "svc_jobs"("kind", "id");

-- CreateIndex
CREATE UNIQUE INDEX "svc_pipeline_runs_jobId_postId_key" ON "svc_pipeline_runs"("jobId", "postId");

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
