import { emitEvent } from '../../../platform/events/emit.ts'
import { contentDeliveryReceived } from '../events.ts'
import type { Db } from '../../../platform/db/client.ts'
import { isUniqueViolation } from '../../../platform/db/client.ts'

export type StoredDelivery = {
  id: number
  duplicate: boolean
  /** A replay of a delivery still `received`: stored by a process that never processed it (killed in between). */
  unprocessed: boolean
}

/**
 * Writes a delivery to the inbox before anything else happens to it. A `webhook-id` this source
 * already received hits the unique constraint: the delivery is a replay and is not stored again
 * (`unprocessed` when the first was never processed, so the replay finishes it).
 */
export async function storeDelivery (db: Db, input: { sourceId: string, sourceSlug: string, webhookId: string | null, body: string, now: Date }): Promise<StoredDelivery> {
  try {
    const row = await db.$transaction(async tx => {
      const created = await tx.svcContentDelivery.create({
        data: { sourceId: input.sourceId, webhookId: input.webhookId, body: input.body, receivedAt: input.now, status: 'received' },
        select: { id: true },
      })
      await emitEvent(tx, contentDeliveryReceived, { delivery_id: created.id, source_id: input.sourceId, source_slug: input.sourceSlug }, { actor: null, at: input.now })
      return created
    })
    return { id: row.id, duplicate: false, unprocessed: true }
  } catch (error) {
    if (!isUniqueViolation(error) || input.webhookId === null) throw error
    const first = await db.svcContentDelivery.findFirstOrThrow({ where: { sourceId: input.sourceId, webhookId: input.webhookId }, select: { id: true, status: true } })
    return { id: first.id, duplicate: true, unprocessed: first.status === 'received' }
  }
}
