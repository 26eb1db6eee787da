import type { Db, Tx } from './client.ts'
import { isUniqueViolation } from './client.ts'

/**
 * Raises a high-water-mark counter to at least `value`. The conditional update is a single
 * statement, so concurrent raises from several processes keep the largest value.
 */
export async function raiseHighWaterMark (db: Db | Tx, key: string, value: number): Promise<void> {
  const raised = await db.svcCounter.updateMany({ where: { key, value: { lt: value } }, data: { value } })
  if (raised.count > 0) return
  if (await db.svcCounter.findUnique({ where: { key }, select: { id: true } })) return
  try {
    await db.svcCounter.create({ data: { key, value } })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    await db.svcCounter.updateMany({ where: { key, value: { lt: value } }, data: { value } })
  }
}
