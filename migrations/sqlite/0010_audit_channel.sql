-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_svc_audit_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "operation" TEXT NOT NULL DEFAULT '',
    "channel" TEXT NOT NULL DEFAULT 'dispatch',
    "tool" TEXT,
    "actorId" TEXT NOT NULL DEFAULT '',
    "actorEmail" TEXT NOT NULL DEFAULT '',
    "mode" TEXT NOT NULL DEFAULT '',
    "keyId" TEXT,
    "ok" BOOLEAN NOT NULL DEFAULT false,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "code" TEXT,
    "durationMs" INTEGER DEFAULT 0,
    "params" JSONB
);
INSERT INTO "new_svc_audit_entries" ("actorEmail", "actorId", "at", "changed", "code", "durationMs", "id", "keyId", "mode", "ok", "operation", "params") SELECT "actorEmail", "actorId", "at", "changed", "code", "durationMs", "id", "keyId", "mode", "ok", "operation", "params" FROM "svc_audit_entries";
DROP TABLE "svc_audit_entries";
ALTER TABLE "new_svc_audit_entries" RENAME TO "svc_audit_entries";
CREATE INDEX "svc_audit_entries_at_idx" ON "svc_audit_entries"("at");
CREATE INDEX "svc_audit_entries_operation_idx" ON "svc_audit_entries"("operation");
CREATE INDEX "svc_audit_entries_channel_idx" ON "svc_audit_entries"("channel");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
