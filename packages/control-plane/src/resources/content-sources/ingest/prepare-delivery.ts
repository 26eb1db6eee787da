import type { Db } from '../../../db/client.ts'
import type { SourceRow } from '../columns.ts'
import { isJsonObject, type JsonObject } from '../mapping/json-path.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import { shapeFingerprint } from '../mapping/shape-fingerprint.ts'
import { extractFields, type MappedFields } from './extract-fields.ts'
import { cleanContent } from './source-transforms.ts'

/** A delivery mapped to a post's fields and cleaned body, and what it was computed from. */
export type MappedDelivery = {
  /** The delivery's body as read, and the source row as read: the result holds only while both are unchanged. */
  deliveryBody: string
  sourceSnapshot: string
  payload: JsonObject
  fingerprint: string
  fields: MappedFields
  body: string
}

/** Parses, fingerprints, maps and cleans a delivery for an approved source; null when it would be held instead. */
function mapDelivery (source: SourceRow, deliveryBody: string): MappedDelivery | null {
  const payload: unknown = JSON.parse(deliveryBody)
  if (!isJsonObject(payload)) return null
  const fingerprint = shapeFingerprint(payload)
  if (source.mappingStatus !== 'approved' || source.shapeFingerprint !== fingerprint) return null
  const fields = extractFields(payload, source.mapping as Mapping)
  return { deliveryBody, sourceSnapshot: JSON.stringify(source), payload, fingerprint, fields, body: cleanContent(source, fields.content) }
}

/**
 * The CPU-heavy part of processing (parsing up to a megabyte, sanitising its HTML) done before
 * the transaction, so no write lock waits on it: on SQLite that lock is the whole database's.
 * Best effort: whatever fails here is met again, and reported, inside the transaction.
 */
export async function prepareDelivery (db: Db, deliveryId: number, processable: readonly string[]): Promise<MappedDelivery | null> {
  try {
    const delivery = await db.svcContentDelivery.findUnique({ where: { id: deliveryId }, select: { body: true, sourceId: true, status: true } })
    if (!delivery || !processable.includes(delivery.status)) return null
    const source = await db.svcContentSource.findUnique({ where: { id: delivery.sourceId } })
    return source ? mapDelivery(source, delivery.body) : null
  } catch {
    return null
  }
}

/** The prepared mapping, if it was computed from this very body and source row. */
export const stillValid = (prepared: MappedDelivery | null, source: SourceRow, deliveryBody: string): MappedDelivery | null =>
  prepared !== null && prepared.deliveryBody === deliveryBody && prepared.sourceSnapshot === JSON.stringify(source) ? prepared : null
