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
  const durationMs = limit.durationSeconds * 1000
  const windowStart = new Date(Math.floor(now.getTime() / durationMs) * durationMs)
  const row = await db.svcRateWindow.findUnique({ where: { key: `${scope}:${subject}` }, select: { windowStart: true, hits: true } })
  return row && row.windowStart >= windowStart ? row.hits : 0
}

const ATTEMPTS = 5

/** Where a subject stands after a counted hit: what the `RateLimit-*` headers say. */
export type WindowState = { limit: number, remaining: number, resetSeconds: number }

/**
 * Counts one hit for `subject` in the current fixed window of `scope`, or throws `rate_limited`
 * with the seconds until the window ends. Each step is a single conditional statement on one
 * row, so processes sharing the database never admit more than `points` between them.
 */
export async function consumeFixedWindow (db: Db, scope: string, subject: string, limit: WindowLimit, now: Date): Promise<WindowState> {
  const key = `${scope}:${subject}`
  const durationMs = limit.durationSeconds * 1000
  const windowStart = new Date(Math.floor(now.getTime() / durationMs) * durationMs)
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + durationMs - now.getTime()) / 1000))
  const state = (hits: number): WindowState => ({ limit: limit.points, remaining: Math.max(0, limit.points - hits), resetSeconds })
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      // `gte`: another process whose clock is a little ahead may already have opened the next window.
      const counted = await db.svcRateWindow.update({
        where: { key, windowStart: { gte: windowStart }, hits: { lt: limit.points } },
        data: { hits: { increment: 1 } },
        select: { hits: true },
      })
      return state(counted.hits)
    } catch (error) {
      if (!isRecordNotFound(error)) throw error
    }
    const reopened = await db.svcRateWindow.updateMany({ where: { key, windowStart: { lt: windowStart } }, data: { windowStart, hits: 1 } })
    if (reopened.count === 1) return state(1)
    const current = await db.svcRateWindow.findUnique({ where: { key }, select: { windowStart: true, hits: true } })
    // Full for this window: refuse. Anything else means another process changed the row between
    // our statements (created it, or opened the window), so count again.
    if (current && current.windowStart >= windowStart && current.hits >= limit.points) break
    if (current) continue
    try {
      await db.svcRateWindow.create({ data: { key, windowStart, hits: 1 } })
      await db.svcRateWindow.deleteMany({ where: { key: { startsWith: `${scope}:` }, windowStart: { lt: windowStart } } })
      return state(1)
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
  throw rateLimited(`at most ${limit.points} requests per ${limit.durationSeconds} s`, resetSeconds)
}
