import type { ContentTransform } from '../../../platform/html/transforms/index.ts'
import { defineStage, type AnyStageDefinition } from '../../../platform/html/stage.ts'

/** A content-source HTML transform as a pipeline stage: same type, options and edit, on the run's parsed document. */
export function stageFromTransform (transform: ContentTransform): AnyStageDefinition {
  return defineStage({
    type: transform.type,
    summary: transform.summary,
    options: transform.options,
    run: (doc, options) => transform.apply(doc.html, options),
  })
}
