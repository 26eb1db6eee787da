import { datedRowsRule, type RetentionRule } from './rule.ts'
import { retirePrunedFromTotals } from '../audit/audit-total.ts'

/** The rules of the control plane's own machinery; resources add theirs. */
export const CORE_RETENTION_RULES: readonly RetentionRule[] = [
  datedRowsRule({
    name: 'audit',
    table: 'svc_audit_entries',
    removes: 'audit entries',
    defaultDays: 365,
    rows: db => db.svcAuditEntry,
    datedBy: 'at',
    // audit.list's kept totals lose the batch's entries in the batch's own transaction.
    inBatch: retirePrunedFromTotals,
  }),
  datedRowsRule({
    name: 'outbox_delivered',
    table: 'svc_outbox_messages',
    removes: 'outbox messages delivered',
    defaultDays: 7,
    rows: db => db.svcOutboxMessage,
    datedBy: 'deliveredAt',
    scope: { status: 'delivered' },
  }),
  datedRowsRule({
    name: 'outbox_failed',
    table: 'svc_outbox_messages',
    removes: 'outbox messages given up on after their last retry',
    defaultDays: 30,
    rows: db => db.svcOutboxMessage,
    datedBy: 'createdAt',
    scope: { status: 'failed' },
  }),
  datedRowsRule({
    name: 'idempotency_keys',
    table: 'svc_idempotency_keys',
    removes: 'idempotency keys past their 24 hours (reusable from then on)',
    defaultDays: 1,
    rows: db => db.svcIdempotencyKey,
    datedBy: 'expiresAt',
  }),
  datedRowsRule({
    name: 'oauth_expired',
    table: 'svc_oauth_records',
    removes: 'OAuth codes, tokens, grants, sign-in steps and clients never granted access, past their expiry',
    defaultDays: 1,
    rows: db => db.svcOAuthRecord,
    datedBy: 'expiresAt',
  }),
]
