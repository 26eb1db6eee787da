import type { SourceRow } from '../columns.ts'
import { isJsonObject, type JsonObject } from '../mapping/json-path.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import { shapeFingerprint } from '../mapping/shape-fingerprint.ts'
import { extractFields, type MappedFields } from './extract-fields.ts'
import { cleanContent } from './source-transforms.ts'

/** A delivery's payload mapped to a post's fields and its cleaned body. */
export type MappedPayload = {
  payload: JsonObject
  fingerprint: string
  fields: MappedFields
  body: string
}

/**
 * Parses, fingerprints, maps and cleans a delivery for an approved source; null when it would be
 * held instead. Pure, and the CPU-heavy part of processing: it runs on a worker thread.
 */
export function mapDelivery (source: SourceRow, deliveryBody: string): MappedPayload | null {
  const payload: unknown = JSON.parse(deliveryBody)
  if (!isJsonObject(payload)) return null
  const fingerprint = shapeFingerprint(payload)
  if (source.mappingStatus !== 'approved' || source.shapeFingerprint !== fingerprint) return null
  const fields = extractFields(payload, source.mapping as Mapping)
  return { payload, fingerprint, fields, body: cleanContent(source, fields.content) }
}
