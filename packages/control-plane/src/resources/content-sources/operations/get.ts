import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { findSource, sourceIdParam, sourceRecord, toSourceRecord } from '../shape.ts'

export const getContentSource = defineOperation({
  summary: 'Read one content source (never its secret or forward_secret).',
  readonly: true,
  examples: [{
    title: 'Read one source',
    setup: [{ operation: 'content_sources.create', params: { name: 'Agency feed' }, as: 'source' }],
    params: { id: '{{source.id}}' },
  }],
  params: z.object({ id: sourceIdParam }),
  returns: sourceRecord,
  async handler ({ id }, { db, options }) {
    return { data: toSourceRecord(await findSource(db, id), options.basePath), changed: false }
  },
})
