import type { Db } from '../../platform/db/client.ts'
import { isUniqueViolation } from '../../platform/db/client.ts'
import { rateLimited } from '../../platform/errors/errors.ts'

/** A repeat welcome e-mail to the same address waits this long. */
export const WELCOME_WINDOW_MS = 5 * 60 * 1000

/** Addresses differ only in case in practice; one window covers every spelling. */
const windowKey = (address: string) => address.trim().toLowerCase()

/** A claimed window: what to restore if the e-mail then fails to go out. */
export type WindowClaim = { address: string, claimedAt: Date, previous: Date | null }

/** Whole seconds until `address` may be e-mailed again (0 when it may be now). */
export function secondsUntilOpen (lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0
  const wait = lastSentAt.getTime() + WELCOME_WINDOW_MS - now.getTime()
  // A clock that went backwards must not lock an address for longer than the window.
  return wait <= 0 ? 0 : Math.min(Math.ceil(wait / 1000), WELCOME_WINDOW_MS / 1000)
}

export async function lastWelcomeSentAt (db: Db, address: string): Promise<Date | null> {
  const row = await db.svcWelcomeEmailWindow.findUnique({ where: { address: windowKey(address) }, select: { lastSentAt: true } })
  return row?.lastSentAt ?? null
}

const refuse = (address: string, seconds: number) =>
  rateLimited(`a welcome e-mail went to ${address} less than 5 minutes ago; retry in ${seconds} s`, seconds)

/**
 * Takes the window of `address` before anything is sent. Each step is a single conditional write
 * (insert of a unique address, or update that only matches the last-sent time read), so of two
 * processes racing for one address exactly one wins; the other is refused with rate_limited.
 */
export async function claimWelcomeWindow (db: Db, address: string, now: Date): Promise<WindowClaim> {
  const key = windowKey(address)
  for (;;) {
    const row = await db.svcWelcomeEmailWindow.findUnique({ where: { address: key }, select: { lastSentAt: true } })
    if (row) {
      const wait = secondsUntilOpen(row.lastSentAt, now)
      if (wait > 0) throw refuse(address, wait)
      const { count } = await db.svcWelcomeEmailWindow.updateMany({
        where: { address: key, lastSentAt: row.lastSentAt },
        data: { lastSentAt: now },
      })
      if (count === 1) return { address: key, claimedAt: now, previous: row.lastSentAt }
    } else {
      try {
        await db.svcWelcomeEmailWindow.create({ data: { address: key, lastSentAt: now } })
        return { address: key, claimedAt: now, previous: null }
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
      }
    }
  }
}

/** Gives the window back after a failed send, unless someone has claimed it since. */
export async function releaseWelcomeWindow (db: Db, claim: WindowClaim): Promise<void> {
  const where = { address: claim.address, lastSentAt: claim.claimedAt }
  if (claim.previous) await db.svcWelcomeEmailWindow.updateMany({ where, data: { lastSentAt: claim.previous } })
  else await db.svcWelcomeEmailWindow.deleteMany({ where })
}
