import type { Db } from '../db/client.ts'
import type { ListWrites } from '../db/write-observer.ts'
import type { AccountLoader } from '../host-contract/load-account.ts'
import { API_KEY_TABLE, findKeyWithOwner, type KeyWithOwner } from './find-key.ts'

/** Finds an API key and its owner's current account by the key's public id. */
export type KeyLookup = (publicId: string) => Promise<KeyWithOwner | null>

/**
 * How long a process trusts a key and its owner's role as it last read them. A revocation or a
 * role change made through this process applies at once (any write to the key or account tables
 * empties the cache); one made through another instance applies here within this long.
 */
export const KEY_CACHE_TTL_MS = 1000

/** Keys remembered at most; beyond it the oldest read goes first. */
const MAX_KEYS = 10_000

type Entry = { key: KeyWithOwner, version: number, readAt: number }

/** The tables a cached key depends on: the key's row and its owner's, in the host's accounts table (`host.accounts.list`'s). */
export const keyTables = (accountsTable: string): readonly string[] => [API_KEY_TABLE, accountsTable]

/** Every lookup reads the database. */
export const uncachedKeyLookup = (db: Db, loadAccount: AccountLoader): KeyLookup => publicId => findKeyWithOwner(db, loadAccount, publicId)

/**
 * Lookups served from memory for up to `ttlMs` after a read, while `writes` (watching
 * `keyTables`) has not moved. Unknown keys are not remembered, so guessing ids fills nothing.
 */
export function cachedKeyLookup (
  db: Db, loadAccount: AccountLoader, writes: ListWrites, ttlMs = KEY_CACHE_TTL_MS, clock: () => number = () => performance.now(),
): KeyLookup {
  const entries = new Map<string, Entry>()
  return async publicId => {
    // Read before the query: an entry never outlives `ttlMs` from the moment its rows could date from.
    const readAt = clock()
    const hit = entries.get(publicId)
    if (hit && hit.version === writes.version && readAt - hit.readAt < ttlMs) return hit.key
    const version = writes.version
    const key = await findKeyWithOwner(db, loadAccount, publicId)
    entries.delete(publicId)
    // A write seen during the read may or may not be in what it returned: use it once, keep it not.
    if (key && writes.version === version) {
      if (entries.size >= MAX_KEYS) entries.delete(entries.keys().next().value!)
      entries.set(publicId, { key, version, readAt })
    }
    return key
  }
}
