import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { contentSourceChanged } from '../events.ts'
import { sourceIdParam, sourceNotFound } from '../shape.ts'

export const deleteContentSource = defineOperation({
  summary: 'Delete a content source and its inbox. The posts it created stay.',
  destructive: true,
  examples: [{
    title: 'Delete a source',
    setup: [{ operation: 'content_sources.create', params: { name: 'Retired feed' }, as: 'source' }],
    params: { id: '{{source.id}}' },
    confirm: true,
  }],
  params: z.object({ id: sourceIdParam }),
  returns: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler ({ id }, context) {
    await context.db.$transaction(async tx => {
      const { count } = await tx.svcContentSource.deleteMany({ where: { id } })
      if (count === 0) throw sourceNotFound(id)
      await tx.svcContentDelivery.deleteMany({ where: { sourceId: id } })
      await context.emit(tx, contentSourceChanged, { action: 'deleted', id, record: null })
    })
    return { data: { id, deleted: true as const }, changed: true }
  },
})
