import type { CheerioAPI } from 'cheerio'
import type { z } from 'zod'

/** What a transform reports; `changed` is false when the document is exactly as before. */
export type TransformResult = { changed: boolean, message?: string }

/**
 * A pure edit of a parsed HTML fragment. Callers parse once, apply several transforms to the
 * same document and serialize once, so a transform never parses or serializes itself.
 */
export type ContentTransform<Options extends z.ZodType = z.ZodType> = {
  type: string
  summary: string
  /** Options schema; the manifest and stage descriptions are generated from it. */
  options: Options
  /** A method, so a transform of any options type is a `ContentTransform`; callers pass only what `options` parsed. */
  apply (doc: CheerioAPI, options: z.output<Options>): TransformResult
}

export function defineTransform<Options extends z.ZodType> (transform: ContentTransform<Options>): ContentTransform<Options> {
  return transform
}

/** How many elements an edit touched, as a result. */
export function touched (count: number, what: string): TransformResult {
  return count > 0 ? { changed: true, message: `${what}: ${count}` } : { changed: false }
}
