import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { moduleRecord, toModuleRecord } from '../shape.ts'

export const listModules = defineOperation({
  resource: 'modules',
  action: 'list',
  summary: 'List the modules, whether each is enabled, and the operations it provides.',
  readonly: true,
  examples: [{ title: 'Which modules are on', params: {} }],
  params: z.object({}),
  returns: z.object({ modules: z.array(moduleRecord) }),
  async handler (_params, { modules }) {
    const disabled = await modules.disabled()
    return { data: { modules: modules.keys().map(key => toModuleRecord(modules, key, disabled)) }, changed: false }
  },
})
