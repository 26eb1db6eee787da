import { valueAtPath, type JsonObject } from '../mapping/json-path.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import { fitsTarget, TARGET_EXPECTS, termNames } from '../mapping/field-values.ts'
import { REQUIRED_TARGETS } from '../mapping/validate-mapping.ts'
import { DeliveryRejected } from './delivery-rejected.ts'
import { termLimitProblem } from '../../../platform/html/terms.ts'
import { plainTextOf } from '../../../platform/html/sanitize-html.ts'

/** What a mapping reads out of one delivery. */
export type MappedFields = {
  title: string
  content: string
  excerpt: string | null
  author: string | null
  tags: string[]
  categories: string[]
  externalId: string | null
  slug: string | null
}

function read (payload: JsonObject, mapping: Mapping, target: keyof Mapping): unknown {
  const path = mapping[target]
  if (!path) return null
  const value = valueAtPath(payload, path) ?? null
  if (value === null) {
    if (REQUIRED_TARGETS.includes(target)) throw new DeliveryRejected(`${target} ("${path}") is missing`)
    return null
  }
  if (!fitsTarget(target, value)) throw new DeliveryRejected(`${target} ("${path}") must be ${TARGET_EXPECTS[target]}`)
  return value
}

/** A value `read` let through for a text target: text, or a finite number (fitsTarget). */
const text = (value: unknown) => typeof value === 'string' || typeof value === 'number' ? String(value) : null

function termsOf (payload: JsonObject, mapping: Mapping, target: 'tags' | 'categories'): string[] {
  const names = termNames(read(payload, mapping, target)) ?? []
  const problem = termLimitProblem(target, names)
  if (problem) throw new DeliveryRejected(problem)
  return names
}

/**
 * Refuses a delivery whose terms exceed the limits before it is stored, when the source's
 * mapping can already read them; other problems are left to processing, which stores its reason.
 */
export function assertTermLimits (payload: JsonObject, mapping: Mapping): void {
  for (const target of ['tags', 'categories'] as const) {
    const names = termNames(mapping[target] ? valueAtPath(payload, mapping[target]) ?? null : null) ?? []
    const problem = termLimitProblem(target, names)
    if (problem) throw new DeliveryRejected(problem)
  }
}

/**
 * Reads the post fields of a delivery through an approved mapping, or rejects it. Title and
 * excerpt are stored as plain text (see `plainTextOf`); the body is sanitised later, after the
 * source's cleanup.
 */
export function extractFields (payload: JsonObject, mapping: Mapping): MappedFields {
  const get = (target: keyof Mapping) => read(payload, mapping, target)
  const title = plainTextOf(String(get('title')))
  if (title === '') throw new DeliveryRejected(`title ("${mapping.title}") is empty once its markup is removed`)
  const excerpt = text(get('excerpt'))
  return {
    title,
    content: String(get('content')),
    excerpt: excerpt === null ? null : plainTextOf(excerpt),
    author: text(get('author')),
    tags: termsOf(payload, mapping, 'tags'),
    categories: termsOf(payload, mapping, 'categories'),
    externalId: text(get('external_id')),
    slug: text(get('slug')),
  }
}

/** Post meta from a delivery: the fixed fm_variables, then each meta_fields path found. */
export function metaFor (payload: JsonObject, metaFields: Record<string, string>, fmVariables: Record<string, unknown>): Record<string, unknown> {
  const meta: Record<string, unknown> = { ...fmVariables }
  for (const [key, path] of Object.entries(metaFields)) {
    const value = valueAtPath(payload, path)
    if (value !== undefined) meta[key] = value
  }
  return meta
}
