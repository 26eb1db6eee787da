import type { ContentTransform, TransformResult } from './transform.ts'
import { parseHtml, serializeHtml } from './document.ts'

export type TransformStep = { transform: ContentTransform, options?: unknown }

export type StepReport = TransformResult & { type: string }

/**
 * Applies transforms in order to one parsed document: one parse, one serialize. Options are
 * parsed by each transform's schema (defaults filled); invalid options throw a ZodError.
 */
export function runTransforms (html: string, steps: readonly TransformStep[]): { html: string, changed: boolean, steps: StepReport[] } {
  if (steps.length === 0) return { html, changed: false, steps: [] }
  const doc = parseHtml(html)
  const reports = steps.map(({ transform, options }) => ({ type: transform.type, ...transform.apply(doc, transform.options.parse(options ?? {})) }))
  const changed = reports.some(report => report.changed)
  return { html: changed ? serializeHtml(doc) : html, changed, steps: reports }
}
