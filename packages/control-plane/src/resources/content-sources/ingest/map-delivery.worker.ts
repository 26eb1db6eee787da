import type { SourceRow } from '../columns.ts'
import { mapDelivery, type MappedPayload } from './map-delivery.ts'

export type MapDeliveryTask = { source: SourceRow, deliveryBody: string }

/**
 * What a mapping thread answers. A delivery that cannot be mapped is answered, not thrown: its
 * error is met again and reported inside the processing transaction, where the error's own class
 * (lost when crossing threads) decides what the sender is told.
 */
export type MapDeliveryOutcome = { mapped: MappedPayload | null } | { unmappable: true }

/** The entry point of a mapping thread (ingest/mapping-threads.ts). */
export default function mapDeliveryTask ({ source, deliveryBody }: MapDeliveryTask): MapDeliveryOutcome {
  try {
    return { mapped: mapDelivery(source, deliveryBody) }
  } catch {
    return { unmappable: true }
  }
}
