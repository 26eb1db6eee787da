import type { Tx } from '../../../platform/db/client.ts'
import { jsonColumn } from '../../../platform/lib/json-value.ts'
import type { SourceRow } from '../columns.ts'
import type { JsonObject } from '../mapping/json-path.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import { proposeMapping } from '../mapping/propose-mapping.ts'
import { mappingIssues } from '../mapping/validate-mapping.ts'
import { sourceStatus } from '../status.ts'
import type { MappingStatus } from '../values.ts'

/** The source's mapping state changed between reading and writing it; the transaction is retried. */
export class SourceChanged extends Error {
  constructor () {
    super('the content source changed while a delivery was processed')
    this.name = 'SourceChanged'
  }
}

/** An approved mapping whose shape changed goes stale; otherwise there is a proposal. */
const NEXT_MAPPING_STATUS: Record<MappingStatus, MappingStatus> = { none: 'proposed', proposed: 'proposed', approved: 'stale', stale: 'stale' }

/**
 * A delivery the source cannot map yet (no approved mapping, or a new shape) becomes the
 * sample. The current mapping is kept when it still fits the sample, else a new one is proposed.
 */
export async function holdAsSample (tx: Tx, source: SourceRow, payload: JsonObject, fingerprint: string): Promise<void> {
  const current = source.mapping as Mapping | null
  const mapping = current && mappingIssues(current, payload).length === 0 ? current : proposeMapping(payload)
  const mappingStatus = NEXT_MAPPING_STATUS[source.mappingStatus as MappingStatus] ?? 'proposed'
  // Conditional on the state read: an approval committed meanwhile must not be overwritten.
  const { count } = await tx.svcContentSource.updateMany({
    where: { id: source.id, mappingStatus: source.mappingStatus, shapeFingerprint: source.shapeFingerprint },
    data: {
      sample: jsonColumn(payload),
      shapeFingerprint: fingerprint,
      mapping: jsonColumn(mapping),
      mappingStatus,
      status: sourceStatus({ enabled: source.enabled, mappingStatus, hasSample: true }),
    },
  })
  if (count === 0) throw new SourceChanged()
}
