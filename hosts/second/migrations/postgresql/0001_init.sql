-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Member" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "password" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Member_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Article" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "body" JSONB NOT NULL DEFAULT '[{"type":"paragraph","children":[{"text":""}]}]',
    "slug" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',

    CONSTRAINT "Article_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Topic" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Topic_pkey" PRIMARY KEY ("id")
);

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
CREATE TABLE "svc_api_keys" (
    "id" TEXT NOT NULL,
    "publicId" TEXT NOT NULL DEFAULT '',
    "secretDigest" TEXT NOT NULL DEFAULT '',
    "label" TEXT NOT NULL DEFAULT '',
    "owner" TEXT,
    "parent" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "lastUsedIp" TEXT,
    "scopes" TEXT,
    "readOnly" BOOLEAN NOT NULL DEFAULT false,
    "approval" TEXT NOT NULL DEFAULT 'none',
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "failedAuthCount" INTEGER NOT NULL DEFAULT 0,
    "lastFailedAuthAt" TIMESTAMP(3),

    CONSTRAINT "svc_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_approvals" (
    "id" TEXT NOT NULL,
    "operation" TEXT NOT NULL DEFAULT '',
    "params" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "keyId" TEXT NOT NULL DEFAULT '',
    "requesterId" TEXT NOT NULL DEFAULT '',
    "requesterEmail" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "decidedByEmail" TEXT,
    "result" TEXT,

    CONSTRAINT "svc_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_audit_entries" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
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
    "params" JSONB DEFAULT '{}',
    "requestId" TEXT,
    "traceId" TEXT,

    CONSTRAINT "svc_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_content_inbox" (
    "id" SERIAL NOT NULL,
    "sourceId" TEXT NOT NULL DEFAULT '',
    "webhookId" TEXT,
    "body" TEXT NOT NULL DEFAULT '',
    "shapeFingerprint" TEXT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "postId" TEXT,
    "error" TEXT,
    "receivedAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "svc_content_inbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_content_items" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL DEFAULT '',
    "externalId" TEXT,
    "postId" TEXT NOT NULL DEFAULT '',
    "contentHash" TEXT,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_content_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_content_sources" (
    "id" TEXT NOT NULL,
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
    "defaultReviewers" JSONB DEFAULT '{"user_nums":[]}',
    "defaultCcs" JSONB DEFAULT '{"user_nums":[]}',
    "defaultPostStatus" TEXT NOT NULL DEFAULT 'draft',
    "reingestMode" TEXT NOT NULL DEFAULT 'skip',
    "targetPostType" TEXT NOT NULL DEFAULT 'post',
    "cptPostType" TEXT,
    "metaFields" JSONB DEFAULT '{}',
    "fmVariables" JSONB DEFAULT '{}',
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
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_content_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_counters" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "svc_counters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_crm_slots" (
    "id" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "url" TEXT,
    "linkAdminOnly" BOOLEAN NOT NULL DEFAULT false,
    "apiKeyCiphertext" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_crm_slots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_events" (
    "id" SERIAL NOT NULL,
    "eventId" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT '',
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "actor" JSONB,
    "requestId" TEXT,
    "traceparent" TEXT,
    "data" JSONB DEFAULT '{}',

    CONSTRAINT "svc_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_idempotency_keys" (
    "id" TEXT NOT NULL,
    "caller" TEXT NOT NULL DEFAULT '',
    "key" TEXT NOT NULL DEFAULT '',
    "fingerprint" TEXT NOT NULL DEFAULT '',
    "claimedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "status" INTEGER,
    "response" TEXT,

    CONSTRAINT "svc_idempotency_keys_pkey" PRIMARY KEY ("id")
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
CREATE TABLE "svc_kept_counts" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0,
    "countedAt" TIMESTAMP(3),

    CONSTRAINT "svc_kept_counts_pkey" PRIMARY KEY ("id")
);

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
CREATE TABLE "svc_lead_chain_checkpoints" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "lastEventId" INTEGER NOT NULL DEFAULT 0,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "events" INTEGER NOT NULL DEFAULT 0,
    "verifiedAt" TIMESTAMP(3),

    CONSTRAINT "svc_lead_chain_checkpoints_pkey" PRIMARY KEY ("id")
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
CREATE TABLE "svc_module_states" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_module_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_oauth_records" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "model" TEXT NOT NULL DEFAULT '',
    "payload" TEXT NOT NULL DEFAULT '',
    "grantId" TEXT,
    "uid" TEXT,
    "userCode" TEXT,
    "accountId" TEXT,
    "clientId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "consumedAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "svc_oauth_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_outbox_messages" (
    "id" SERIAL NOT NULL,
    "topic" TEXT NOT NULL DEFAULT '',
    "orderingKey" TEXT NOT NULL DEFAULT '',
    "payload" JSONB DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lockedBy" TEXT,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "svc_outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_pipeline_recipes" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "stages" JSONB DEFAULT '[]',
    "trigger" JSONB DEFAULT '{"on":["manual"]}',
    "policy" JSONB DEFAULT '{}',
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_pipeline_recipes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_pipeline_runs" (
    "id" SERIAL NOT NULL,
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
    "stages" JSONB DEFAULT '[]',
    "jobId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_pipeline_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_rate_windows" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "windowStart" TIMESTAMP(3) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "svc_rate_windows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_retention_state" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "rows" INTEGER NOT NULL DEFAULT 0,
    "oldestAt" TIMESTAMP(3),
    "lastPrunedAt" TIMESTAMP(3),
    "lastPruned" INTEGER NOT NULL DEFAULT 0,
    "holder" TEXT,
    "heldUntil" TIMESTAMP(3),

    CONSTRAINT "svc_retention_state_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_roles" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "icon" TEXT NOT NULL DEFAULT '',
    "color" TEXT NOT NULL DEFAULT '',
    "constraintType" TEXT NOT NULL DEFAULT 'none',
    "maxCount" INTEGER,
    "system" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_session_versions" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "svc_session_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_team_members" (
    "id" TEXT NOT NULL,
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
    "modelPhotoIds" JSONB DEFAULT '[]',
    "modelPhotoExcludeProfile" TEXT NOT NULL DEFAULT '',
    "modelConsentGranted" TEXT NOT NULL DEFAULT '',
    "notifyReminders" TEXT NOT NULL DEFAULT '1',
    "notifyReplies" TEXT NOT NULL DEFAULT '1',
    "account" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_team_members_pkey" PRIMARY KEY ("id")
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
    "reachKeyId" TEXT,
    "reachAccountId" TEXT,
    "secretCiphertext" TEXT NOT NULL DEFAULT '',
    "previousSecretCiphertext" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_welcome_email_windows" (
    "id" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "lastSentAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "svc_welcome_email_windows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_Article_tags" (
    "A" TEXT NOT NULL,
    "B" TEXT NOT NULL,

    CONSTRAINT "_Article_tags_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_SvcRole_members" (
    "A" TEXT NOT NULL,
    "B" TEXT NOT NULL,

    CONSTRAINT "_SvcRole_members_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "svc_jobs" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL DEFAULT '',
    "target" TEXT NOT NULL DEFAULT '',
    "activeKey" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "params" JSONB DEFAULT '{}',
    "cursor" TEXT,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "tally" JSONB DEFAULT '{}',
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "holder" TEXT,
    "heldUntil" TIMESTAMP(3),
    "actorId" TEXT,
    "actorEmail" TEXT,
    "actorMode" TEXT,
    "keyId" TEXT,
    "channel" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "svc_jobs_pkey" PRIMARY KEY ("id")
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
CREATE INDEX "_Article_tags_B_index" ON "_Article_tags"("B");

-- CreateIndex
CREATE INDEX "_SvcRole_members_B_index" ON "_SvcRole_members"("B");

-- AddForeignKey
ALTER TABLE "svc_api_keys" ADD CONSTRAINT "svc_api_keys_owner_fkey" FOREIGN KEY ("owner") REFERENCES "Member"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_api_keys" ADD CONSTRAINT "svc_api_keys_parent_fkey" FOREIGN KEY ("parent") REFERENCES "svc_api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_lead_events" ADD CONSTRAINT "svc_lead_events_lead_fkey" FOREIGN KEY ("lead") REFERENCES "svc_leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_team_members" ADD CONSTRAINT "svc_team_members_account_fkey" FOREIGN KEY ("account") REFERENCES "Member"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_Article_tags" ADD CONSTRAINT "_Article_tags_A_fkey" FOREIGN KEY ("A") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_Article_tags" ADD CONSTRAINT "_Article_tags_B_fkey" FOREIGN KEY ("B") REFERENCES "Topic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_SvcRole_members" ADD CONSTRAINT "_SvcRole_members_A_fkey" FOREIGN KEY ("A") REFERENCES "svc_roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_SvcRole_members" ADD CONSTRAINT "_SvcRole_members_B_fkey" FOREIGN KEY ("B") REFERENCES "svc_team_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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
