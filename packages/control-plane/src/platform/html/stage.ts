import type { CheerioAPI } from 'cheerio'
import type { z } from 'zod'

/** Facts about the post that stages may read but not change. */
export type PostFacts = {
  /** The host's id: a number on hosts with integer ids, a string otherwise. */
  readonly id: number | string
  readonly slug: string | null
  readonly status: string
  /** Slug of the post type, e.g. `post`. */
  readonly postType: string | null
  /** Slug of the content source that delivered the post; null when it was written by hand. */
  readonly source: string | null
}

/** Optional parts of a post that a stage may need. */
export type PostPart = 'excerpt' | 'tags' | 'categories' | 'meta'

/**
 * What every stage of a run works on. The content is parsed once per run and serialized once at
 * the end; the other fields are plain values. Everything is written to the post in one
 * transaction after the last stage, or not at all.
 */
export type PipelineDocument = {
  /** The post's content as a parsed HTML fragment; stages edit it in place and never serialize it. */
  html: CheerioAPI
  title: string
  excerpt: string
  /** Tag names. A term is identified by its slug; missing terms are created when the post is written. */
  tags: string[]
  /** Category names, as `tags`. */
  categories: string[]
  meta: Record<string, unknown>
  readonly post: PostFacts
}

/** What a stage reports. `changed` must be true when it edited the document (the run serializes the HTML only then). */
export type StageResult = { changed: boolean, message?: string }

export type StageContext = {
  /** Aborted when the stage ran past the recipe's `stage_timeout_ms`; long async work should stop then. */
  signal: AbortSignal
}

/**
 * A kind of processing step a recipe can list: the built-ins and those a CMS developer adds
 * through the `stages` option. Like an operation, it has a name, a summary and a zod schema for
 * its options; recipes are validated against that schema when they are saved.
 */
export type StageDefinition<Options extends z.ZodType = z.ZodType> = {
  /** Name used in recipes, e.g. `set_excerpt`. Lower snake case, unique. */
  type: string
  /** One line for `pipelines.list_stages`. */
  summary: string
  /** Options schema; `{}` must parse when the stage needs no options. */
  options: Options
  /**
   * Parts of a post it edits that a host's posts may lack (`host.content.fields`). A recipe
   * naming the stage is refused when the host leaves one out; a stored recipe skips it, saying why.
   * @default []
   */
  requires?: readonly PostPart[]
  /**
   * Edits the document. Usually synchronous CPU work over `doc.html`; it may return a promise, which
   * is abandoned (and `context.signal` aborted) once it runs past the recipe's `stage_timeout_ms`.
   * A method, so its options are compared bivariantly and a stage of any options type is an
   * `AnyStageDefinition`; callers pass only what `options` parsed.
   */
  run (doc: PipelineDocument, options: z.output<Options>, context: StageContext): StageResult | Promise<StageResult>
}

/** A stage definition of any options type, as registries and option lists hold them. */
export type AnyStageDefinition = StageDefinition

const STAGE_TYPE = /^[a-z][a-z0-9_]*$/

export function defineStage<Options extends z.ZodType> (stage: StageDefinition<Options>): StageDefinition<Options> {
  if (!STAGE_TYPE.test(stage.type)) throw new Error(`stage type "${stage.type}" must match ${STAGE_TYPE}`)
  return stage
}
