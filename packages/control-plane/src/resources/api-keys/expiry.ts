import type { Identity } from '../../platform/auth/identity.ts'
import type { ResolvedApiKeyOptions } from '../../platform/auth/api-key-options.ts'
import { invalidParams } from '../../platform/errors/errors.ts'
import { DAY_MS } from './issue-key.ts'

/**
 * When a new key expires: `days` as asked (undefined: the maximum), never beyond the maximum, never
 * `null` unless the host allows it, and never after the key minting it (an omitted expiry is cut
 * to the parent's; an explicit one beyond it is refused).
 */
export function expiryOf (days: number | null | undefined, limits: ResolvedApiKeyOptions, identity: Identity | null, now: Date): Date | null {
  if (days === null && !limits.allowNoExpiry) throw invalidParams(`expires_in_days: a key must expire within ${limits.maxExpiryDays} days on this site`)
  if (typeof days === 'number' && days > limits.maxExpiryDays) {
    throw invalidParams(`expires_in_days: at most ${limits.maxExpiryDays} days on this site, got ${days}`)
  }
  const asked = days === null ? null : new Date(now.getTime() + (days ?? limits.maxExpiryDays) * DAY_MS)
  const ceiling = identity?.mode === 'api_key' ? identity.keyExpiresAt : null
  if (ceiling === null || (asked !== null && asked <= ceiling)) return asked
  if (days === undefined) return ceiling
  throw invalidParams(`expires_in_days: a key cannot outlive the key minting it (${ceiling.toISOString()})`)
}
