import type { Account, Identity } from '../auth/identity.ts'
import { unauthenticated } from '../errors/errors.ts'
import { DatabaseAdapter, type OAuthStore } from './adapter.ts'
import { grantOfScope } from './scopes.ts'

type GrantPayload = { accountId?: string, clientId?: string, resources?: Record<string, string> }

/**
 * The caller an OAuth grant speaks for as it stands now, for a held call an administrator
 * approved: disconnected or expired since, the call does not run. Its scopes are the grant's
 * (what the person consented to); the approval is the gate, so it is not asked again.
 */
export async function identityOfGrant (store: OAuthStore, loadAccount: (id: string) => Promise<Account | null>, grantId: string): Promise<Identity> {
  const grant = await new DatabaseAdapter('Grant', store).find(grantId) as GrantPayload | undefined
  const account = grant?.accountId ? await loadAccount(grant.accountId) : null
  if (!grant || !account) throw unauthenticated('the connected app that asked for this call is no longer connected')
  const scope = Object.values(grant.resources ?? {}).join(' ')
  return { account, mode: 'oauth', keyId: null, clientId: grant.clientId ?? null, grantId, grant: grantOfScope(scope), approval: 'none', keyExpiresAt: null }
}

/**
 * The callers an OAuth client may still be for an account: one per grant of theirs that is neither
 * revoked nor expired and still holds a live access or refresh token. A job the client started
 * runs on only while one of them may run its operation: the tokens revoked (`/oauth/revoke`, the
 * app disconnected) or all expired, it stops.
 */
export async function liveGrantIdentities (store: OAuthStore, loadAccount: (id: string) => Promise<Account | null>, accountId: string, clientId: string): Promise<Identity[]> {
  const live = { OR: [{ expiresAt: null }, { expiresAt: { gt: store.now() } }] }
  const grants = await store.db.svcOAuthRecord.findMany({ where: { model: 'Grant', accountId, clientId, ...live }, select: { grantId: true } })
  const grantIds = grants.flatMap(grant => grant.grantId === null ? [] : [grant.grantId])
  if (grantIds.length === 0) return []
  const tokens = await store.db.svcOAuthRecord.findMany({
    where: { grantId: { in: grantIds }, model: { in: ['AccessToken', 'RefreshToken'] }, consumedAt: null, ...live },
    select: { grantId: true },
  })
  const withToken = [...new Set(tokens.flatMap(token => token.grantId === null ? [] : [token.grantId]))]
  // A grant revoked between the two reads is no caller any more.
  const identities = await Promise.all(withToken.map(grantId => identityOfGrant(store, loadAccount, grantId).catch(() => null)))
  return identities.filter(identity => identity !== null)
}
