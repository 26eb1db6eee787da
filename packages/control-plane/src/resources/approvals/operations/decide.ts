import { z } from 'zod'
import { defineOperation, type Operation } from '../../../kernel/registry/define-operation.ts'
import type { OperationContext } from '../../../kernel/registry/operation-context.ts'
import type { Identity } from '../../../platform/auth/identity.ts'
import { OAUTH_GRANT_REQUESTER, type StoredOutcome } from '../../../kernel/pipeline/approval-gate.ts'
import { identityOfGrant } from '../../../platform/oauth/grant-identity.ts'
import { findKeyWithOwner } from '../../../platform/auth/find-key.ts'
import { accountLoader } from '../../../platform/host-contract/load-account.ts'
import { runOperation } from '../../../kernel/pipeline/links.ts'
import { conflict, notFound, SvcError, unauthenticated } from '../../../platform/errors/errors.ts'
import { approvalRecord, toApprovalRecord } from '../shape.ts'
import { assertSignedIn } from '../../../platform/auth/signed-in.ts'

/** The key or OAuth grant that asked, as it stands now: revoked, expired or orphaned since, the call does not run. */
async function requesterOf ({ db, options, now, secrets }: Pick<OperationContext, 'db' | 'options' | 'now' | 'secrets'>, keyId: string): Promise<Identity> {
  if (keyId.startsWith(OAUTH_GRANT_REQUESTER)) {
    return identityOfGrant({ db, secrets, now }, accountLoader(db, options.host.accounts), keyId.slice(OAUTH_GRANT_REQUESTER.length))
  }
  const key = await findKeyWithOwner(db, accountLoader(db, options.host.accounts), keyId)
  const at = now()
  if (!key?.owner || key.revokedAt || (key.expiresAt && key.expiresAt <= at)) throw unauthenticated('the key that asked for this call is no longer valid')
  // The approval is the gate: the stored call runs as its key, without asking again.
  return { account: key.owner, mode: 'api_key', keyId, grant: key.grant, approval: 'none', keyExpiresAt: key.expiresAt }
}

type HeldCall = { id: string, operation: string, params: string, keyId: string }

async function runHeld (context: OperationContext, row: HeldCall): Promise<{ outcome: StoredOutcome, requester: Identity | null }> {
  // The registry holds full operations; its handler-facing type shows only what most handlers read.
  const operation = context.registry.all().find(entry => entry.name === row.operation) as Operation | undefined
  let requester: Identity | null = null
  try {
    if (!operation) throw notFound(`the operation ${row.operation} is no longer installed`)
    requester = await requesterOf(context, row.keyId)
    const result = await runOperation(operation, JSON.parse(row.params), true, { ...context, identity: requester })
    return { outcome: { ok: true, data: result.data, changed: result.changed }, requester }
  } catch (error) {
    if (error instanceof SvcError) return { outcome: { ok: false, code: error.code, error: error.message }, requester }
    return { outcome: { ok: false, code: 'internal', error: 'internal error' }, requester }
  }
}

/**
 * The approved call's own audit entry, as the key that asked, naming who approved it: the log
 * shows what ran and on whose word, not only `approvals.approve {id}`.
 */
async function auditApprovedCall (context: OperationContext, row: HeldCall, ran: Awaited<ReturnType<typeof runHeld>>, durationMs: number): Promise<void> {
  const { outcome, requester } = ran
  await context.auditSideCall({
    operation: row.operation,
    channel: context.channel,
    identity: requester,
    keyId: row.keyId,
    ok: outcome.ok,
    changed: outcome.ok && outcome.changed,
    code: outcome.ok ? null : outcome.code,
    durationMs,
    params: { ...JSON.parse(row.params) as object, approval_id: row.id, approved_by: { account_id: context.identity.account.id, email: context.identity.account.email } },
    requestId: context.requestId ?? null,
  })
}

const decision = (action: 'approve' | 'reject') => defineOperation({
  summary: action === 'approve'
    ? 'Approve a held call: it runs now, as the key (or connected app) that asked, and its result waits for it to collect. Needs a session.'
    : 'Reject a held call: it never runs, and the key that asked is told so. Needs a session.',
  errors: ['not_found', 'conflict'],
  examples: [{ title: 'With an API key: refused, approvals are decided signed in', params: { id: 'no-such-approval' }, refusal: 'forbidden' }],
  params: z.object({ id: z.string().min(1).max(100) }),
  returns: approvalRecord,
  async handler ({ id }, context) {
    const { db, identity, now } = context
    assertSignedIn(identity, 'approvals are decided by an administrator')
    const at = now()
    const row = await db.svcApproval.findUnique({ where: { id } })
    if (!row) throw notFound(`no approval ${id}`)
    // One conditional write decides: two administrators clicking at once run the call once.
    const decided = await db.svcApproval.updateMany({
      where: { id, status: 'pending', expiresAt: { gt: at } },
      data: { status: action === 'approve' ? 'approved' : 'rejected', decidedAt: at, decidedById: identity.account.id, decidedByEmail: identity.account.email },
    })
    if (decided.count === 0) throw conflict(`approval ${id} is no longer pending (${row.expiresAt <= at && row.status === 'pending' ? 'expired' : row.status})`)
    if (action === 'approve') {
      const started = performance.now()
      const ran = await runHeld(context, row)
      await db.svcApproval.update({ where: { id }, data: { result: JSON.stringify(ran.outcome) } })
      await auditApprovedCall(context, row, ran, performance.now() - started)
    }
    return { data: toApprovalRecord(await db.svcApproval.findUniqueOrThrow({ where: { id } }), now()), changed: true }
  },
})

export const approveApproval = decision('approve')
export const rejectApproval = decision('reject')
