import type { Db } from './client.ts'
import { isRecordNotFound, isUniqueViolation } from './client.ts'
import { sha256 } from '../lib/sha256.ts'
import { rateLimited } from '../errors/errors.ts'

export type WindowLimit = { points: number, durationSeconds: number }

/** Client addresses and e-mails are counted by digest, so the rate table holds neither. */
export const digestSubject = (value: string) => sha256(value).toString('base64url')

/** Forgets the hits counted for `subject` (e.g. an account after a successful sign-in). */
export async function resetFixedWindow (db: Db, scope: string, subject: string): Promise<void> {
  await db.svcRateWindow.deleteMany({ where: { key: `${scope}:${subject}` } })
}

/** The hits counted for `subject` in the current window of `scope` (0 when none). */
export async function fixedWindowHits (db: Db, scope: string, subject: string, limit: WindowLimit, now: Date): Promise<number> {
  const { windowStart } = windowAt(limit, now)
  const row = await db.svcRateWindow.findUnique({ where: { key: `${scope}:${subject}` }, select: { windowStart: true, hits: true } })
  return row && row.windowStart >= windowStart ? row.hits : 0
}

const ATTEMPTS = 5

/** Where a subject stands after a counted hit: what the `RateLimit-*` headers say. */
export type WindowState = { limit: number, remaining: number, resetSeconds: number }

/** The fixed window `now` falls in, and the seconds until it ends. */
export function windowAt (limit: WindowLimit, now: Date): { windowStart: Date, resetSeconds: number } {
  const durationMs = limit.durationSeconds * 1000
  const windowStart = new Date(Math.floor(now.getTime() / durationMs) * durationMs)
  return { windowStart, resetSeconds: Math.max(1, Math.ceil((windowStart.getTime() + durationMs - now.getTime()) / 1000)) }
}

/** Hits taken from a window: `granted` of those asked (0 when it is full), and the window's count after them. */
export type WindowGrant = { granted: number, hits: number }

/**
 * Takes up to `wanted` hits for `subject` from the current fixed window of `scope` at once: all of
 * them while they fit, else what is left, else none. Each step is a single conditional statement
 * on one row, so processes sharing the database never take more than `points` between them.
 */
export async function takeFromFixedWindow (db: Db, scope: string, subject: string, limit: WindowLimit, now: Date, wanted: number): Promise<WindowGrant> {
  const key = `${scope}:${subject}`
  const { windowStart } = windowAt(limit, now)
  let asked = Math.max(1, Math.min(wanted, limit.points))
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      // `gte`: another process whose clock is a little ahead may already have opened the next window.
      const counted = await db.svcRateWindow.update({
        where: { key, windowStart: { gte: windowStart }, hits: { lte: limit.points - asked } },
        data: { hits: { increment: asked } },
        select: { hits: true },
      })
      return { granted: asked, hits: counted.hits }
    } catch (error) {
      if (!isRecordNotFound(error)) throw error
    }
    const reopened = await db.svcRateWindow.updateMany({ where: { key, windowStart: { lt: windowStart } }, data: { windowStart, hits: asked } })
    if (reopened.count === 1) return { granted: asked, hits: asked }
    const current = await db.svcRateWindow.findUnique({ where: { key }, select: { windowStart: true, hits: true } })
    // Full for this window: nothing to take. Fewer left than asked: ask for those. Anything else
    // means another process changed the row between our statements (created it, or opened the
    // window), so take again.
    if (current && current.windowStart >= windowStart) {
      if (current.hits >= limit.points) return { granted: 0, hits: current.hits }
      asked = Math.min(asked, limit.points - current.hits)
      continue
    }
    if (current) continue
    try {
      await db.svcRateWindow.create({ data: { key, windowStart, hits: asked } })
      await db.svcRateWindow.deleteMany({ where: { key: { startsWith: `${scope}:` }, windowStart: { lt: windowStart } } })
      return { granted: asked, hits: asked }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
  return { granted: 0, hits: limit.points }
}

/**
 * Counts one hit for `subject` in the current fixed window of `scope`, or throws `rate_limited`
 * with the seconds until the window ends; exact across every process on the database.
 */
export async function consumeFixedWindow (db: Db, scope: string, subject: string, limit: WindowLimit, now: Date): Promise<WindowState> {
  const { resetSeconds } = windowAt(limit, now)
  const { granted, hits } = await takeFromFixedWindow(db, scope, subject, limit, now, 1)
  if (granted === 0) throw rateLimited(`at most ${limit.points} requests per ${limit.durationSeconds} s`, resetSeconds)
  return { limit: limit.points, remaining: Math.max(0, limit.points - hits), resetSeconds }
}
