import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { contentSourceChanged } from '../events.ts'
import { conflict, invalidParams } from '../../../platform/errors/errors.ts'
import { jsonColumn } from '../../../platform/lib/json-value.ts'
import { findSource, sourceIdParam, toSourceRecord } from '../shape.ts'
import { approvedMapping, storedMapping, type Mapping } from '../mapping/mapping-schema.ts'
import { mappingIssues } from '../mapping/validate-mapping.ts'
import { isJsonObject } from '../mapping/json-path.ts'
import { processHeldDeliveries } from '../ingest/process-delivery.ts'
import { sourceStatus } from '../status.ts'
import { MAPPING_STATUSES, SOURCE_STATUSES, type MappingStatus, type SourceStatus } from '../values.ts'

export const approveContentSourceMapping = defineOperation({
  summary: 'Approve a field mapping for the current sample; the source becomes active and the deliveries it held are ingested.',
  description: 'Every mapped path must exist in the sample with a value of the right kind (title and content are required). Held deliveries are then processed oldest first; one of yet another shape makes the mapping stale again.',
  examples: [{
    title: 'Approve the mapping of a source whose sample has arrived',
    setup: [{
      operation: 'content_sources.import',
      params: {
        envelope: {
          format: 'svc.content_source',
          schema_version: 1,
          payload: {
            name: 'Wire stories',
            slug: 'wire-stories',
            sample: { headline: 'Council approves the new library', body: '<p>The vote was unanimous.</p>', topics: ['Local'] },
          },
        },
        overwrite: true,
        confirm: true,
      },
      as: 'source',
    }],
    params: { id: '{{source.id}}', mapping: { title: 'headline', content: 'body', tags: 'topics' } },
  }],
  params: z.object({ id: sourceIdParam, mapping: approvedMapping }),
  returns: z.object({
    id: z.string(),
    status: z.enum(SOURCE_STATUSES),
    mapping_status: z.enum(MAPPING_STATUSES),
    mapping: storedMapping.nullable(),
    processed_deliveries: z.number().int().describe('Held deliveries processed after the approval.'),
  }),
  async handler ({ id, mapping }, context) {
    const { db, options, kickOutbox } = context
    const source = await findSource(db, id)
    if (!isJsonObject(source.sample)) throw conflict('this source has no sample yet: send a delivery first, then approve a mapping for it')
    const issues = mappingIssues(mapping, source.sample)
    if (issues.length > 0) throw invalidParams(`the mapping does not fit the sample: ${issues.map(issue => `${issue.path}: ${issue.message}`).join('; ')}`, { issues })
    // Conditional on the sample the mapping was checked against: a new shape arriving meanwhile wins.
    const approved = await context.withEvent(async tx => {
      const { count } = await tx.svcContentSource.updateMany({
        where: { id, shapeFingerprint: source.shapeFingerprint },
        data: {
          mapping: jsonColumn(mapping),
          mappingStatus: 'approved',
          status: sourceStatus({ enabled: source.enabled, mappingStatus: 'approved', hasSample: true }),
        },
      })
      if (count === 0) throw conflict('a delivery of another shape arrived meanwhile: review the new sample and approve again')
      return findSource(tx, id)
    }, contentSourceChanged, row => ({ action: 'mapping_approved', id, record: toSourceRecord(row, options.basePath) }))
    const outcomes = await processHeldDeliveries(context, approved)
    kickOutbox()
    const after = outcomes.length > 0 ? await findSource(db, id) : approved
    return {
      data: {
        id,
        status: after.status as SourceStatus,
        mapping_status: after.mappingStatus as MappingStatus,
        mapping: after.mapping as Mapping | null,
        processed_deliveries: outcomes.length,
      },
      changed: true,
    }
  },
})
