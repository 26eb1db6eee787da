import { contentTransforms } from '../../../platform/html/transforms/index.ts'
import type { AnyStageDefinition } from '../../../platform/html/stage.ts'
import { stageFromTransform } from './from-transform.ts'
import { applyTaxonomy } from './apply-taxonomy.ts'
import { normalizeHeadings } from './normalize-headings.ts'
import { setExcerpt } from './set-excerpt.ts'

/** Every stage type the control plane ships with: the content-source transforms and three of its own. */
export const builtinStages: readonly AnyStageDefinition[] = [
  ...Object.values(contentTransforms).map(stageFromTransform),
  applyTaxonomy,
  normalizeHeadings,
  setExcerpt,
]
