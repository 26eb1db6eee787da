import type { Db } from '../db/client.ts'
import type { ApprovalMode } from '../auth/identity.ts'
import { DatabaseAdapter, recordKey, type OAuthStore } from './adapter.ts'

/**
 * A grant whose person chose, on the consent page, to let its destructive calls run unattended.
 * Kept as a record of its own under the grant's id, so disconnecting the app deletes it too; a
 * grant without one (the default) waits for a person on every destructive call.
 */
const UNATTENDED = 'UnattendedGrant'

/** Records the consent page's choice for a grant living `expiresIn` seconds. */
export async function rememberGrantApproval (store: OAuthStore, grantId: string, approval: ApprovalMode, expiresIn: number): Promise<void> {
  const records = new DatabaseAdapter(UNATTENDED, store)
  if (approval === 'none') await records.upsert(grantId, { grantId }, expiresIn)
  else await records.destroy(grantId)
}

/** Whether the grant's destructive calls wait for a person: yes unless its consent said otherwise. */
export async function approvalOfGrant (db: Db, grantId: string): Promise<ApprovalMode> {
  const unattended = await db.svcOAuthRecord.findUnique({ where: { key: recordKey(UNATTENDED, grantId) }, select: { key: true } })
  return unattended ? 'none' : 'destructive'
}
