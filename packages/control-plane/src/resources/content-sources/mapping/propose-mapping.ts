import type { JsonObject } from './json-path.ts'
import { walkShape } from './shape-walk.ts'
import { MAPPING_TARGETS, type Mapping, type MappingTarget } from './mapping-schema.ts'
import { fitsTarget } from './field-values.ts'

/** Key names that usually carry each post field, best first. */
const CANDIDATE_KEYS: Record<MappingTarget, string[]> = {
  title: ['title', 'headline', 'subject', 'name'],
  content: ['content_html', 'body_html', 'html', 'body', 'content', 'text', 'article'],
  excerpt: ['excerpt', 'summary', 'description', 'dek', 'abstract'],
  author: ['author_email', 'author', 'author_name', 'byline', 'creator', 'writer', 'email', 'name'],
  tags: ['tags', 'keywords', 'labels'],
  categories: ['categories', 'category', 'sections', 'section'],
  external_id: ['external_id', 'id', 'uuid', 'guid', 'uid'],
  slug: ['slug'],
}

type Entry = { path: string, key: string, depth: number, value: unknown }

const CANDIDATES = new Set(Object.values(CANDIDATE_KEYS).flat())

/** Object members named like a post field, at every depth (not inside arrays: a mapping points at one value). */
function candidateEntries (sample: JsonObject): Entry[] {
  const found: Entry[] = []
  walkShape(sample, ({ path, key, depth, value, inArray }) => {
    const name = key.toLowerCase()
    if (!inArray && CANDIDATES.has(name)) found.push({ path, key: name, depth, value })
  })
  return found
}

/**
 * Guesses a mapping from a sample's key names (throws `ShapeTooLarge` beyond `SHAPE_LIMITS`): for each post field, the shallowest key among its
 * usual names (the better name first at equal depth) whose value fits, each path used once.
 * Fields with no candidate are left out.
 */
export function proposeMapping (sample: JsonObject): Mapping {
  const all = candidateEntries(sample)
  const used = new Set<string>()
  const mapping: Mapping = {}
  for (const target of MAPPING_TARGETS) {
    const rank = (entry: Entry) => entry.depth * 100 + CANDIDATE_KEYS[target].indexOf(entry.key)
    const [best] = all
      .filter(entry => CANDIDATE_KEYS[target].includes(entry.key) && !used.has(entry.path) && fitsTarget(target, entry.value))
      .sort((a, b) => rank(a) - rank(b))
    if (!best) continue
    mapping[target] = best.path
    used.add(best.path)
  }
  return mapping
}
