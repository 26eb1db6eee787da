import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { moduleRecord, toModuleRecord, unavailableRecord } from '../shape.ts'

export const listModules = defineOperation({
  summary: 'List the modules, whether each is enabled, and the operations it provides.',
  description: 'Modules the host cannot carry (content sources and pipelines on a host without a posts list) are listed with available: false and the reason.',
  readonly: true,
  examples: [{ title: 'Which modules are on', params: {} }],
  params: z.object({}),
  returns: z.object({ modules: z.array(moduleRecord) }),
  async handler (_params, { modules }) {
    const disabled = await modules.disabled()
    const records = [...modules.keys().map(key => toModuleRecord(modules, key, disabled)), ...modules.unavailable().map(unavailableRecord)]
    return { data: { modules: records.sort((a, b) => a.key.localeCompare(b.key)) }, changed: false }
  },
})
