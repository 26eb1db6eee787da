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
