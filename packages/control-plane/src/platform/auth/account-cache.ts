import type { ListWrites } from '../db/write-observer.ts'
import type { Account } from './identity.ts'
import type { AccountLoader } from '../host-contract/load-account.ts'
import { KEY_CACHE_TTL_MS } from './key-cache.ts'

/** Accounts remembered at most; beyond it the oldest read goes first. */
const MAX_ACCOUNTS = 10_000

type Entry = { account: Account, version: number, readAt: number }

/**
 * Accounts served from memory like API keys (`key-cache.ts`): for up to `ttlMs` after a read, while
 * `writes` (watching the accounts table) has not moved. Unknown ids are not remembered.
 */
export function cachedAccountLoader (
  load: AccountLoader, writes: ListWrites, ttlMs = KEY_CACHE_TTL_MS, clock: () => number = () => performance.now(),
): AccountLoader {
  const entries = new Map<string, Entry>()
  return async id => {
    const readAt = clock()
    const hit = entries.get(id)
    if (hit && hit.version === writes.version && readAt - hit.readAt < ttlMs) return hit.account
    const version = writes.version
    const account = await load(id)
    entries.delete(id)
    if (account && writes.version === version) {
      if (entries.size >= MAX_ACCOUNTS) entries.delete(entries.keys().next().value!)
      entries.set(id, { account, version, readAt })
    }
    return account
  }
}
