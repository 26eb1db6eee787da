import type { ResolvedOptions } from '../../../platform/settings/resolved-options.ts'
import type { AnyStageDefinition } from '../../../platform/html/stage.ts'
import { builtinStages } from './builtin.ts'
import { pipelinesSettings } from '../resource-settings.ts'
import { stateSlot } from '../../../platform/lib/runtime-state.ts'

/** The stage types recipes may use: the built-ins and those the host adds. A type is registered once. */
export class StageRegistry {
  readonly #byType = new Map<string, AnyStageDefinition>()
  readonly #builtin: ReadonlySet<string>

  constructor (builtin: readonly AnyStageDefinition[], added: readonly AnyStageDefinition[]) {
    for (const stage of [...builtin, ...added]) {
      if (this.#byType.has(stage.type)) throw new Error(`stage type ${stage.type} is registered twice`)
      this.#byType.set(stage.type, stage)
    }
    this.#builtin = new Set(builtin.map(stage => stage.type))
  }

  get (type: string): AnyStageDefinition | undefined {
    return this.#byType.get(type)
  }

  isBuiltin (type: string): boolean {
    return this.#builtin.has(type)
  }

  /** Every stage type, sorted by name. */
  all (): AnyStageDefinition[] {
    return [...this.#byType.values()].sort((a, b) => a.type.localeCompare(b.type))
  }

  types (): string[] {
    return this.all().map(stage => stage.type)
  }
}

/**
 * The stage types of one installation: those resources declare — the built-ins among them — and
 * those the host gives `pipelines({ stages })`. Built by the pipelines resource's setup, so a type
 * registered twice stops the start.
 */
export function buildStageRegistry (options: ResolvedOptions): StageRegistry {
  const added = [...options.stages, ...pipelinesSettings.of(options).stages].filter(stage => !builtinStages.includes(stage))
  return new StageRegistry(builtinStages, added)
}

/** The runtime's stage registry (`runtime.state.get(stageRegistry)`), set by the resource's setup. */
export const stageRegistry = stateSlot<StageRegistry>('the pipelines stage registry')
