import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { variableNameParam } from '../shape.ts'

export const deleteVariable = defineOperation({
  summary: 'Delete a site variable; not_found when it is not set.',
  destructive: true,
  examples: [{
    title: 'Delete a variable',
    setup: [{ operation: 'variables.set', params: { name: 'promo.banner', value: 'Spring sale' }, as: 'variable' }],
    params: { name: '{{variable.name}}' },
    confirm: true,
  }],
  params: z.object({ name: variableNameParam }),
  returns: z.object({ name: z.string(), deleted: z.literal(true) }),
  async handler ({ name }, { db }) {
    const { count } = await db.svcVariable.deleteMany({ where: { name } })
    if (count === 0) throw notFound(`no variable named ${name}`)
    return { data: { name, deleted: true as const }, changed: true }
  },
})
