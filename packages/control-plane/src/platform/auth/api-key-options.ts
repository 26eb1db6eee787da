/** Limits on API keys, so a leaked key's reach is bounded in time and in descendants. */
export type ApiKeyOptions = {
  /** Longest lifetime a new key may have, in days (`SVC_API_KEY_MAX_EXPIRY_DAYS`); also the lifetime of a key minted without one. @default 90 */
  maxExpiryDays?: number
  /** Whether a key may be minted with `expires_in_days: null`, never to expire (`SVC_API_KEY_ALLOW_NO_EXPIRY`). @default false */
  allowNoExpiry?: boolean
  /** Live keys one key may have minted at a time (`SVC_API_KEY_MAX_CHILDREN`). @default 10 */
  maxChildren?: number
}

export type ResolvedApiKeyOptions = Required<ApiKeyOptions>

export const API_KEY_DEFAULTS: ResolvedApiKeyOptions = { maxExpiryDays: 90, allowNoExpiry: false, maxChildren: 10 }
