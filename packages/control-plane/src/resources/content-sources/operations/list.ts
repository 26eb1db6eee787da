import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { sourceRecord, toSourceRecord } from '../shape.ts'

export const listContentSources = defineOperation({
  summary: 'List every content source, oldest first, with its mapping, sample and settings (never secrets).',
  readonly: true,
  examples: [{ title: 'List every content source', params: {} }],
  params: z.object({}),
  returns: z.object({ sources: z.array(sourceRecord) }),
  async handler (_params, { db, options }) {
    const rows = await db.svcContentSource.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
    return { data: { sources: rows.map(row => toSourceRecord(row, options.basePath)) }, changed: false }
  },
})
