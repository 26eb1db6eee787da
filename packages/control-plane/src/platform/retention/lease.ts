import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/client.ts'

/** The state row that names the pruning instance; no rule name can take it (names are lower snake case). */
const LEASE_KEY = '*lease'
/** The state row that names the instance recounting `status.get`'s kept counts. */
export const COUNTS_LEASE_KEY = '*counts'

/**
 * Takes or extends a lease (the pruning one unless `key` names another) until `now + ms`: one
 * conditional update decides between instances, and an expired lease (its holder died) is free to take.
 */
export async function takeLease (db: Db, holder: string, now: Date, ms: number, key = LEASE_KEY): Promise<boolean> {
  const heldUntil = new Date(now.getTime() + ms)
  const { count } = await db.svcRetentionState.updateMany({
    where: { key, OR: [{ holder: null }, { holder }, { heldUntil: null }, { heldUntil: { lt: now } }] },
    data: { holder, heldUntil },
  })
  if (count === 1) return true
  try {
    await db.svcRetentionState.create({ data: { key, holder, heldUntil } })
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}

export async function releaseLease (db: Db, holder: string, key = LEASE_KEY): Promise<void> {
  await db.svcRetentionState.updateMany({ where: { key, holder }, data: { holder: null, heldUntil: null } })
}
