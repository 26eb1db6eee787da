import { z } from 'zod'
import { defineSettings } from '../../platform/settings/define-settings.ts'
import type { AnyStageDefinition } from '../../platform/html/stage.ts'

const stage = z.custom<AnyStageDefinition>(value => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string', 'must be a stage made with defineStage')

export const pipelinesSettings = defineSettings('pipelines', z.strictObject({
  /**
   * Stage types the host adds, made with `defineStage`. Recipes list them by `type` like the
   * built-ins (validated against their `options` schema when a recipe is saved), and
   * `pipelines.list_stages` describes them. A type may be registered once.
   * @default []
   */
  stages: z.array(stage).default([]),
}))

export type PipelinesSettings = z.input<typeof pipelinesSettings.schema>
