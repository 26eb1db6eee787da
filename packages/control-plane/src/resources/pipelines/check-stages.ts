import type { z } from 'zod'
import { invalidParams } from '../../platform/errors/errors.ts'
import { invalidParamsFromZod } from '../../platform/errors/zod-issues.ts'
import type { RecipeStage, recipeStageParam } from './recipe-shape.ts'
import type { StageRegistry } from './stages/registry.ts'
import type { PostPart } from '../../platform/html/stage.ts'
import { ALL_PARTS, missingPartsReason } from './stages/requirements.ts'

/**
 * The stages as stored, or `invalid_params` naming the first stage whose type is unknown, whose
 * options its type's schema refuses, or that needs a part of a post the host's posts lack. Options are stored as given; each run parses them again.
 */
export function checkStages (stages: readonly z.output<typeof recipeStageParam>[], registry: StageRegistry, parts: ReadonlySet<PostPart> = ALL_PARTS): RecipeStage[] {
  return stages.map(({ type, options = {} }, index) => {
    const name = `stages.${index} (${type})`
    const definition = registry.get(type)
    if (!definition) throw invalidParams(`${name}: unknown stage type; available: ${registry.types().join(', ')}`, { stage: index, type })
    const missing = missingPartsReason(definition, parts)
    if (missing) throw invalidParams(`${name}: ${missing}`, { stage: index, type, requires: definition.requires })
    const parsed = definition.options.safeParse(options)
    if (!parsed.success) throw invalidParamsFromZod(`${name}: invalid options`, parsed.error.issues, { under: `stages.${index}.options`, details: { stage: index, type } })
    return { type, options }
  })
}
