import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/client.ts'

/** The state row that names the pruning instance; no rule name can take it (names are lower snake case). */
const LEASE_KEY = '*lease'

/**
 * Takes or extends the pruning lease until `now + ms`: one conditional update decides between
 * instances, and an expired lease (its holder died) is free to take.
 */
export async function takeLease (db: Db, holder: string, now: Date, ms: number): Promise<boolean> {
  const heldUntil = new Date(now.getTime() + ms)
  const { count } = await db.svcRetentionState.updateMany({
    where: { key: LEASE_KEY, OR: [{ holder: null }, { holder }, { heldUntil: null }, { heldUntil: { lt: now } }] },
    data: { holder, heldUntil },
  })
  if (count === 1) return true
  try {
    await db.svcRetentionState.create({ data: { key: LEASE_KEY, holder, heldUntil } })
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}

export async function releaseLease (db: Db, holder: string): Promise<void> {
  await db.svcRetentionState.updateMany({ where: { key: LEASE_KEY, holder }, data: { holder: null, heldUntil: null } })
}
