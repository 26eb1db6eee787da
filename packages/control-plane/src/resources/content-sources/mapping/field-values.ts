import { isJsonObject } from './json-path.ts'
import type { MappingTarget } from './mapping-schema.ts'

const isText = (value: unknown): value is string => typeof value === 'string'
const isScalar = (value: unknown): value is string | number => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))

function termName (item: unknown): string | null {
  if (isScalar(item)) return String(item).trim() || null
  if (isJsonObject(item)) for (const key of ['name', 'title', 'slug']) if (isScalar(item[key])) return String(item[key]).trim() || null
  return null
}

/** Taxonomy names from a list (of names or `{name}` objects) or a comma-separated text. */
export function termNames (value: unknown): string[] | null {
  if (isText(value)) return value.split(',').map(name => name.trim()).filter(Boolean)
  if (!Array.isArray(value)) return null
  const names = value.map(termName)
  return names.every(name => name !== null) ? [...new Set(names)] : null
}

/** Whether a delivery value can fill a post field. */
export function fitsTarget (target: MappingTarget, value: unknown): boolean {
  switch (target) {
    case 'title': return isScalar(value) && String(value).trim() !== ''
    case 'content': case 'excerpt': case 'slug': return isText(value)
    case 'author': case 'external_id': return isScalar(value)
    case 'tags': case 'categories': return termNames(value) !== null
  }
}

export const TARGET_EXPECTS: Record<MappingTarget, string> = {
  title: 'non-empty text',
  content: 'text',
  excerpt: 'text',
  slug: 'text',
  author: 'text or a number',
  external_id: 'text or a number',
  tags: 'a list of names or a comma-separated text',
  categories: 'a list of names or a comma-separated text',
}
