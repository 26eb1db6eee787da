import type { Identity } from '../../platform/auth/identity.ts'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import { accountIdValue } from '../../platform/host-contract/account-id.ts'

/**
 * The calling account's id as a key's `owner` column holds it: the host's id type (an integer for
 * an autoincrement list). Typed as the package's client types it, after the reference host's string ids.
 */
export function ownerIdOf (options: Pick<ResolvedOptions, 'host'>, identity: Identity): string {
  return (accountIdValue(options.host.accounts, identity.account.id) ?? identity.account.id) as string
}
