import type { Db } from '../db/client.ts'

/**
 * Ends the authorization server's sign-in sessions of an account, so its next authorization
 * asks for the Admin UI session again instead of riding an older one (and an existing grant) to a code.
 */
export async function endAuthorizationSessions (db: Db, accountId: string): Promise<void> {
  await db.svcOAuthRecord.deleteMany({ where: { model: 'Session', accountId } })
}

/** Disconnects every app the account connected: its grants and every code and token issued under them. */
export async function revokeAccountGrants (db: Db, accountId: string): Promise<void> {
  const grants = await db.svcOAuthRecord.findMany({ where: { model: 'Grant', accountId }, select: { grantId: true } })
  const grantIds = grants.flatMap(grant => grant.grantId === null ? [] : [grant.grantId])
  if (grantIds.length > 0) await db.svcOAuthRecord.deleteMany({ where: { grantId: { in: grantIds } } })
}
