import type { Db } from '../db/client.ts'
import { takeFromFixedWindow, windowAt, type WindowLimit, type WindowState } from '../db/fixed-window.ts'
import { rateLimited } from '../errors/errors.ts'

/**
 * A lease is this share of the limit, at most MAX_LEASE hits and at least one: what bounds how
 * early other instances may be refused while this one holds hits it has not spent
 * (docs/performance.md, "A shared limit without a write per request").
 */
const LEASE_SHARE = 40
const MAX_LEASE = 50

/** The hits one instance holds for one subject in one window. */
type Lease = {
  windowStart: number
  /** Hits taken from the shared row and not yet spent here. */
  held: number
  /** What the shared row had left after this instance's last take. */
  sharedLeft: number
  /** The shared row is full for this window: nothing more can be taken from it. */
  exhausted: boolean
  /** The take in flight, if any; at most one per subject. */
  taking: Promise<void> | null
  lastTaken: number
}

/** The hits one take asks for (fewer are granted when fewer are left). */
export const leaseSize = (points: number) => Math.max(1, Math.min(MAX_LEASE, Math.floor(points / LEASE_SHARE)))

/**
 * A fixed-window limit shared by every instance on the database, without a database write per
 * request: each instance takes hits from the shared row in leases and spends them locally,
 * taking the next lease in the background when half of the last is spent. The instances together
 * never admit more than `points` per window (a lease is taken by one conditional UPDATE). What an
 * instance holds unspent when the row runs out is refused elsewhere: fewer than two leases per
 * other instance. One instance alone is exact.
 */
export function createLeasedWindowLimiter (db: Db, scope: string, limit: WindowLimit, now: () => Date): { consume (subject: string): Promise<WindowState>, readonly limit: number } {
  const leases = new Map<string, Lease>()
  let sweptWindow = 0

  const take = (lease: Lease, subject: string, at: Date): Promise<void> => {
    const taking = takeFromFixedWindow(db, scope, subject, limit, at, leaseSize(limit.points)).then(({ granted, hits }) => {
      lease.held += granted
      lease.lastTaken = granted
      lease.sharedLeft = Math.max(0, limit.points - hits)
      if (granted === 0) lease.exhausted = true
    }).finally(() => { lease.taking = null })
    lease.taking = taking
    return taking
  }

  const leaseOf = (subject: string, windowStart: number): Lease => {
    // Leases of windows that ended are worth nothing: dropped once per window, so the map holds
    // only the subjects seen in the current one.
    if (windowStart !== sweptWindow) {
      for (const [key, lease] of leases) if (lease.windowStart < windowStart) leases.delete(key)
      sweptWindow = windowStart
    }
    let lease = leases.get(subject)
    if (!lease || lease.windowStart !== windowStart) {
      lease = { windowStart, held: 0, sharedLeft: limit.points, exhausted: false, taking: null, lastTaken: 0 }
      leases.set(subject, lease)
    }
    return lease
  }

  return {
    limit: limit.points,
    async consume (subject: string): Promise<WindowState> {
      const at = now()
      const { windowStart, resetSeconds } = windowAt(limit, at)
      const lease = leaseOf(subject, windowStart.getTime())
      for (;;) {
        if (lease.held > 0) {
          lease.held -= 1
          if (lease.held <= lease.lastTaken / 2 && !lease.taking && !lease.exhausted) {
            // A take that fails here is taken again, and its error answered, by the request that needs it.
            take(lease, subject, at).catch(() => {})
          }
          return { limit: limit.points, remaining: lease.sharedLeft + lease.held, resetSeconds }
        }
        if (lease.exhausted) throw rateLimited(`at most ${limit.points} requests per ${limit.durationSeconds} s`, resetSeconds)
        await (lease.taking ?? take(lease, subject, at))
      }
    },
  }
}
