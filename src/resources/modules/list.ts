import { z } from 'zod'
import { defineOperation } from '../../registry/define-operation.ts'
import { disabledModules } from './state.ts'
import { knownModules, moduleRecord, toModuleRecord } from './shape.ts'

export const listModules = defineOperation({
  resource: 'modules',
  action: 'list',
  summary: 'List the modules, whether each is enabled, and the operations it provides.',
  readonly: true,
  examples: [{ title: 'Which modules are on', params: {} }],
  params: z.object({}),
  returns: z.object({ modules: z.array(moduleRecord) }),
  async handler (_params, { db, registry }) {
    const disabled = await disabledModules(db)
    return { data: { modules: knownModules(registry).map(key => toModuleRecord(registry, key, disabled)) }, changed: false }
  },
})
