/** A key's failed authentications are written at most this often per process. */
export const FAILED_AUTH_RESOLUTION_MS = 60_000

/** Keys remembered at most; beyond it the oldest goes first (its pending count with it). */
const MAX_KEYS = 10_000

type Entry = { writtenAt: number, pending: number }

/**
 * Counts failed authentications per existing key in memory and says when to write them. Each
 * write to `svc_api_keys` empties every key cache of this process and takes SQLite's write lock,
 * so a flood of wrong secrets naming one key would otherwise cost a write per request: the first
 * refusal is written at once (the administrator sees it), the next ones are added to the write of
 * the first refusal after the resolution.
 */
export class FailedAuthCounter {
  readonly #entries = new Map<string, Entry>()

  /** How much to add to the key's count now: 0 while its last write is younger than the resolution. */
  take (publicId: string, now: Date): number {
    const at = now.getTime()
    const entry = this.#entries.get(publicId)
    if (entry && at - entry.writtenAt < FAILED_AUTH_RESOLUTION_MS) {
      entry.pending++
      return 0
    }
    this.#entries.delete(publicId)
    if (this.#entries.size >= MAX_KEYS) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(publicId, { writtenAt: at, pending: 0 })
    return (entry?.pending ?? 0) + 1
  }
}
