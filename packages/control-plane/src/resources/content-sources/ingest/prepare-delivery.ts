import type { ControlPlaneRuntime } from '../../../kernel/runtime.ts'
import { stateSlot } from '../../../platform/lib/runtime-state.ts'
import type { SourceRow } from '../columns.ts'
import type { MappedPayload } from './map-delivery.ts'
import { mapDeliveryOffThread } from './mapping-threads.ts'

/** A delivery mapped to a post's fields and cleaned body, and what it was computed from. */
export type MappedDelivery = MappedPayload & {
  /** The delivery's body as read, and the source row as read: the result holds only while both are unchanged. */
  deliveryBody: string
  sourceSnapshot: string
}

/** What preparing reads of the runtime: the database, and the preparations under way in it. */
type PrepareDeps = Pick<ControlPlaneRuntime, 'db' | 'state'>

/** Preparations under way on this runtime, per delivery. */
const underWay = stateSlot('content deliveries being prepared', () => new Map<number, Promise<MappedDelivery | null>>())

async function prepare ({ db }: PrepareDeps, deliveryId: number, processable: readonly string[]): Promise<MappedDelivery | null> {
  try {
    const delivery = await db.svcContentDelivery.findUnique({ where: { id: deliveryId }, select: { body: true, sourceId: true, status: true } })
    if (!delivery || !processable.includes(delivery.status)) return null
    const source = await db.svcContentSource.findUnique({ where: { id: delivery.sourceId } })
    if (!source) return null
    const mapped = await mapDeliveryOffThread({ source, deliveryBody: delivery.body })
    return mapped && { ...mapped, deliveryBody: delivery.body, sourceSnapshot: JSON.stringify(source) }
  } catch {
    return null
  }
}

/**
 * The CPU-heavy part of processing (parsing up to a megabyte, sanitising its HTML) done before
 * the transaction, so no write lock waits on it (on SQLite that lock is the whole database's), and
 * on a worker thread, so no other request waits on it either.
 * A sender's replay that arrives while this process still prepares the first shares that
 * preparation rather than mapping the same body again: only one of the two claims the delivery.
 * Best effort: whatever fails here is met again, and reported, inside the transaction.
 */
export function prepareDelivery (deps: PrepareDeps, deliveryId: number, processable: readonly string[]): Promise<MappedDelivery | null> {
  const preparing = deps.state.get(underWay)
  const running = preparing.get(deliveryId)
  if (running) return running
  const started = prepare(deps, deliveryId, processable).finally(() => preparing.delete(deliveryId))
  preparing.set(deliveryId, started)
  return started
}

/** The prepared mapping, if it was computed from this very body and source row. */
export const stillValid = (prepared: MappedDelivery | null, source: SourceRow, deliveryBody: string): MappedDelivery | null =>
  prepared !== null && prepared.deliveryBody === deliveryBody && prepared.sourceSnapshot === JSON.stringify(source) ? prepared : null
