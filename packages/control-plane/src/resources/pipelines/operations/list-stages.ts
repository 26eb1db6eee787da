import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { toJsonSchema } from '../../../kernel/registry/manifest.ts'
import { stageRegistry } from '../stages/registry.ts'

const stageType = z.object({
  type: z.string(),
  summary: z.string(),
  builtin: z.boolean(),
  options: z.record(z.string(), z.unknown()).describe('JSON Schema (2020-12) of the stage\'s options.'),
})

export const listStages = defineOperation({
  summary: 'Describe the stage types recipes may use: the built-ins and those the host added, each with its options as JSON Schema.',
  readonly: true,
  examples: [{ title: 'The stage types a recipe may use', params: {} }],
  params: z.object({}),
  returns: z.object({ stages: z.array(stageType) }),
  async handler (_params, { state }) {
    const registry = state.get(stageRegistry)
    const stages = registry.all().map(stage => ({
      type: stage.type,
      summary: stage.summary,
      builtin: registry.isBuiltin(stage.type),
      options: toJsonSchema(stage.options, 'input'),
    }))
    return { data: { stages }, changed: false }
  },
})
