import type { ScopeGrant } from './scopes.ts'

/** `destructive`: a destructive operation waits for an administrator's approval instead of running. */
export type ApprovalMode = 'none' | 'destructive'

/**
 * A host account as the control plane sees it on one request, read through `host.accounts`: its id
 * as a string, and `role` as `roleOf` gives it (`''` for none).
 */
export type Account = { id: string, email: string, name: string, role: string }

/** Who is calling and how they proved it. */
export type Identity = {
  account: Account
  mode: 'api_key' | 'session' | 'oauth'
  /** The API key's public id (`svc_<id>`), when the call used one. */
  keyId: string | null
  /** The OAuth client's id, when the call used an OAuth access token. */
  clientId?: string | null
  /** The OAuth grant the access token was issued under: what an approval the call waits for is asked by. */
  grantId?: string | null
  /** What the credential may do within the account's role; the full grant for a session. */
  grant: ScopeGrant
  approval: ApprovalMode
  /** When the key, or the first of its ancestors, expires; a key it mints may not outlive it. */
  keyExpiresAt: Date | null
  /** The product version the API key pins, which a call's own pin (`Svc-Version`) overrides; absent or null: none. */
  pinnedVersion?: string | null
}
