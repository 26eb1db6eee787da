import type { Provider } from 'oidc-provider'
import type { Db } from '../db/client.ts'
import type { Identity, Account } from '../auth/identity.ts'
import { unauthenticated } from '../errors/errors.ts'
import { recordKey } from './adapter.ts'
import { grantOfScope } from './scopes.ts'
import { approvalOfGrant } from './grant-approval.ts'

/** Like a key's `last_used_at`: a hint, written at most once a minute per grant. */
const LAST_USED_RESOLUTION_MS = 60_000

export type TokenDeps = {
  provider: () => Promise<Provider>
  db: Db
  loadAccount: (id: string) => Promise<Account | null>
  audiences: readonly string[]
}

/**
 * The caller an OAuth access token speaks for. The token is looked up, not trusted until it
 * expires, and its grant must still exist: revoking a connected app stops its tokens at once.
 */
export async function identityOfAccessToken ({ provider, db, loadAccount, audiences }: TokenDeps, token: string, now: Date): Promise<Identity> {
  const { AccessToken } = await provider()
  const accessToken = await AccessToken.find(token)
  if (!accessToken || accessToken.isExpired) throw unauthenticated('malformed API key, or an unknown or expired OAuth access token: send Authorization: Bearer svc_<id>_<secret> or an access token')
  const audience = typeof accessToken.aud === 'string' ? accessToken.aud : undefined
  if (!audience || !audiences.includes(audience)) throw unauthenticated('this access token was issued for another resource')
  const grantId = accessToken.grantId
  // The grant's row, not oidc-provider's Grant.find: existence and expiry are all this needs, and
  // the same read tells whether lastUsedAt is stale, so a fresh one costs no write statement.
  const grantKey = grantId ? recordKey('Grant', grantId) : null
  const grant = grantKey ? await db.svcOAuthRecord.findUnique({ where: { key: grantKey }, select: { expiresAt: true, lastUsedAt: true } }) : null
  if (!grantId || !grantKey || !grant || (grant.expiresAt && grant.expiresAt <= now)) throw unauthenticated('the grant of this access token was revoked')
  const account = accessToken.accountId ? await loadAccount(accessToken.accountId) : null
  if (!account) throw unauthenticated('the account of this access token no longer exists')
  if (!grant.lastUsedAt || now.getTime() - grant.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // updateMany: a revocation between the read and this write leaves nothing to update, not an error.
    await db.svcOAuthRecord.updateMany({ where: { key: grantKey }, data: { lastUsedAt: now } })
  }
  const approval = await approvalOfGrant(db, grantId)
  return { account, mode: 'oauth', keyId: null, clientId: accessToken.clientId ?? null, grantId, grant: grantOfScope(accessToken.scope), approval, keyExpiresAt: null }
}
