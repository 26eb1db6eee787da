import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { toVariableRecord, variableNameParam, variableRecord } from '../shape.ts'
import { findVariable } from '../read-variable.ts'

export const getVariable = defineOperation({
  summary: 'Read one site variable; not_found when it is not set.',
  readonly: true,
  examples: [{
    title: 'Read one variable',
    setup: [{ operation: 'variables.set', params: { name: 'site.footer_note', value: 'Printed on recycled electrons' }, as: 'variable' }],
    params: { name: '{{variable.name}}' },
  }],
  params: z.object({ name: variableNameParam }),
  returns: variableRecord,
  async handler ({ name }, { db }) {
    return { data: toVariableRecord(await findVariable(db, name)), changed: false }
  },
})
