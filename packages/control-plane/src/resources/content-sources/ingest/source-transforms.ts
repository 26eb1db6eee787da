import { contentTransforms, runTransforms, type TransformStep, type TransformType } from '../../../platform/html/transforms/index.ts'
import type { SourceRow } from '../columns.ts'
import { sanitizeArticleHtml } from '../../../platform/html/sanitize-html.ts'

/** The order a source's cleanup runs in: anchors last, so they are given to the headings that remain. */
const FLAGGED: readonly [TransformType, (source: SourceRow) => boolean][] = [
  ['content_cleanup', source => source.contentCleanup],
  ['strip_uncategorized', source => source.stripUncategorized],
  ['strip_inbody_toc', source => source.stripInbodyToc],
  ['strip_inbody_faq', source => source.stripInbodyFaq],
  ['image_modify', source => source.imageModify !== null],
  ['add_heading_anchors', source => source.addHeadingAnchors],
]

function transformStepsFor (source: SourceRow): TransformStep[] {
  return FLAGGED.filter(([, enabled]) => enabled(source)).map(([type]) => ({
    transform: contentTransforms[type],
    options: type === 'image_modify' ? source.imageModify : {},
  }))
}

/**
 * The delivered HTML with the source's cleanup applied (one parse, one serialize), then reduced
 * to the article allowlist. Sanitising last keeps the markers the cleanup finds blocks by (ids,
 * classes, JSON-LD) and covers whatever the cleanup produced.
 */
export function cleanContent (source: SourceRow, html: string): string {
  return sanitizeArticleHtml(runTransforms(html, transformStepsFor(source)).html)
}
