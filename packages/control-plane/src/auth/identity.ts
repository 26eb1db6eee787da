
/**
 * A host account as the control plane sees it on one request, read through `host.accounts`: its id
 * as a string, and `role` as `roleOf` gives it (`''` for none).
 */
export type Account = { id: string, email: string, name: string, role: string }

/** Who is calling and how they proved it. */
export type Identity = {
  account: Account
  mode: 'api_key' | 'session'
  /** The API key's public id (`svc_<id>`), when the call used one. */
  keyId: string | null
}
