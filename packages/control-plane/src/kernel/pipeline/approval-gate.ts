import type { Db } from '../../platform/db/client.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import type { OperationResult } from '../registry/define-operation.ts'
import type { Preview } from '../../platform/change-sets/change.ts'
import { approvalRequired, conflict, forbidden, notFound, SvcError, type ErrorCode } from '../../platform/errors/errors.ts'

/** How long an administrator has to decide on a held call. */
const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000

/** The param a caller re-sends, with the call, to collect a held call's result. */
export const APPROVAL_ID_PARAM = 'approval_id'

/** What an approved call left: its envelope's parts. */
export type StoredOutcome = { ok: true, data: unknown, changed: boolean } | { ok: false, code: ErrorCode, error: string }

/** The prefix of an approval's `key_id` when an OAuth grant asked. */
export const OAUTH_GRANT_REQUESTER = 'oauth-grant:'

/**
 * The credential a held call is asked, and collected, by: the key, or the OAuth grant
 * (`oauth-grant:<id>`), so a connector collects only what its own grant asked.
 */
const requesterCredentialOf = (identity: Identity): string =>
  identity.keyId ?? (identity.grantId ? `${OAUTH_GRANT_REQUESTER}${identity.grantId}` : '')

/** Whether this call waits for an administrator instead of running: a gated key's, or a gated grant's (the default). */
export const needsApproval = (identity: Identity, operation: { destructive: boolean }): boolean =>
  (identity.mode === 'api_key' || identity.mode === 'oauth') && identity.approval === 'destructive' && operation.destructive

/** The call an administrator is asked about: the operation, its params as sent, and what its preview said it would do (null when it cannot be previewed). */
export type HeldCall = { operation: string, params: Record<string, unknown>, preview: Preview | null }

/** Holds the call for an administrator; the 202 it throws names the approval to re-call with. */
export async function holdForApproval (db: Db, identity: Identity, { operation, params, preview }: HeldCall, now: Date, reason?: string): Promise<never> {
  const row = await db.svcApproval.create({
    data: {
      operation,
      params: JSON.stringify(params),
      preview: preview === null ? null : JSON.stringify(preview),
      keyId: requesterCredentialOf(identity),
      requesterId: identity.account.id,
      requesterEmail: identity.account.email,
      expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS),
    },
    select: { id: true, expiresAt: true },
  })
  throw approvalRequired(row.id, operation, row.expiresAt, reason)
}

/**
 * The result of a held call, once: approved → its stored outcome (then it is spent); still
 * pending → another 202; rejected, expired or spent → refused. Only the key (or grant) that asked may collect.
 */
export async function collectApproved (db: Db, identity: Identity, operation: string, approvalId: string, now: Date): Promise<OperationResult<unknown>> {
  const row = await db.svcApproval.findFirst({ where: { id: approvalId, keyId: requesterCredentialOf(identity), operation } })
  if (!row) throw notFound(`no approval ${approvalId} for ${operation} was asked with this key`)
  if (row.status === 'pending') {
    if (row.expiresAt <= now) throw conflict(`approval ${approvalId} expired before anyone decided`)
    throw approvalRequired(row.id, operation, row.expiresAt)
  }
  if (row.status === 'rejected') throw forbidden(`an administrator rejected approval ${approvalId}`)
  // Claimed in one conditional write: two re-calls racing get the result once.
  const claimed = await db.svcApproval.updateMany({ where: { id: row.id, status: 'approved' }, data: { status: 'collected' } })
  if (claimed.count === 0 || row.result === null) throw conflict(`the result of approval ${approvalId} was already collected`)
  const outcome = JSON.parse(row.result) as StoredOutcome
  if (!outcome.ok) throw new SvcError(outcome.code, outcome.error)
  return { data: outcome.data, changed: outcome.changed }
}
