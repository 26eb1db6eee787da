import type { ListWrites } from '../db/write-observer.ts'
import type { ResolvedAccounts } from '../host-contract/accounts.ts'
import { accountLoader, type AccountLoader } from '../host-contract/load-account.ts'
import { weakMemo } from '../lib/weak-memo.ts'
import { cachedAccountLoader } from './account-cache.ts'

/** What Keystone hands an access or UI function: the session, and the context to read with. */
export type SessionArgs = { session?: unknown, context: { prisma: unknown } }

/** The role of the account signed in to a request's session, or undefined. */
export type SessionRoleOf = (args: SessionArgs) => Promise<string | undefined>

/**
 * Reads the session account's role through `host.accounts` on each check (cached like API keys),
 * not from the session: the host's session data need not carry a role, and a demotion applies
 * before the session expires.
 */
export function sessionRoles (accounts: ResolvedAccounts, writes: ListWrites | null): SessionRoleOf {
  // Built at the first check: the host's client exists by then, and so does the view of its writes.
  const loaderFor = weakMemo((prisma: object): AccountLoader => {
    const load = accountLoader(prisma, accounts)
    return writes?.observing ? cachedAccountLoader(load, writes) : load
  })
  return async ({ session, context }) => {
    const { itemId, listKey } = (session ?? {}) as { itemId?: unknown, listKey?: unknown }
    if ((typeof itemId !== 'string' && typeof itemId !== 'number') || (listKey !== undefined && listKey !== accounts.list)) return undefined
    return (await loaderFor(context.prisma as object)(String(itemId)))?.role
  }
}
