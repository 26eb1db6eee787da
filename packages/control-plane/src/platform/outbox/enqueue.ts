import type { Db, Tx } from '../db/client.ts'
import { jsonColumn } from '../lib/json-value.ts'
import { causeTraceparent } from '../tracing/call-span.ts'

export type OutboxMessage = {
  /** Which handler delivers it, e.g. `content_sources.forward`. */
  topic: string
  /** Messages with the same key are delivered one at a time, oldest first. */
  orderingKey: string
  /** JSON the handler receives. Never put a secret here: handlers look secrets up at delivery. */
  payload: Record<string, unknown>
}

/**
 * Writes a message; pass the transaction that makes the change so both commit or neither. The span
 * that caused it (the call's) is kept with it, for its attempts to link to.
 */
export async function enqueueOutbox (db: Db | Tx, message: OutboxMessage, now: Date): Promise<number> {
  const row = await db.svcOutboxMessage.create({
    data: { topic: message.topic, orderingKey: message.orderingKey, payload: jsonColumn(message.payload), traceparent: causeTraceparent(), nextAttemptAt: now, createdAt: now },
    select: { id: true },
  })
  return row.id
}
