import { z } from 'zod'
import { slugify } from '../../../platform/lib/slugify.ts'
import { defineStage } from '../../../platform/html/stage.ts'
import { TERM_LIMITS } from '../../../platform/html/terms.ts'

const termName = z.string().trim().min(1).max(TERM_LIMITS.nameLength).refine(name => slugify(name) !== '', 'must contain a letter or a digit')
const termNames = (what: string) => z.array(termName).max(TERM_LIMITS.perField).default([]).describe(what)

type Edit = { add: readonly string[], remove: readonly string[], replace: boolean }

/** The names after the edit; terms are compared by slug, so `News` and `news` are one term. */
function editTerms (current: readonly string[], { add, remove, replace }: Edit): string[] {
  const removed = new Set(remove.map(slugify))
  const kept = replace && add.length > 0 ? [] : current.filter(name => !removed.has(slugify(name)))
  const next = [...kept]
  const present = new Set(next.map(slugify))
  for (const name of add) {
    const slug = slugify(name)
    if (present.has(slug) || removed.has(slug)) continue
    present.add(slug)
    next.push(name)
  }
  return next
}

const sameTerms = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, i) => slugify(name) === slugify(b[i]!))

export const applyTaxonomy = defineStage({
  type: 'apply_taxonomy',
  summary: 'Add tags and categories to the post, or remove them (matched by slug). Terms that do not exist yet are created when the post is written.',
  options: z.object({
    tags: termNames('Tag names to add.'),
    categories: termNames('Category names to add.'),
    remove_tags: termNames('Tag names to remove.'),
    remove_categories: termNames('Category names to remove, e.g. ["Uncategorized"].'),
    mode: z.enum(['append', 'replace']).default('append')
      .describe('replace: a kind with names to add keeps only those; append keeps the post\'s other terms. Default append.'),
  }).strict(),
  run (doc, options) {
    const replace = options.mode === 'replace'
    const tags = editTerms(doc.tags, { add: options.tags, remove: options.remove_tags, replace })
    const categories = editTerms(doc.categories, { add: options.categories, remove: options.remove_categories, replace })
    const changes = [sameTerms(tags, doc.tags) ? null : 'tags', sameTerms(categories, doc.categories) ? null : 'categories'].filter(Boolean)
    doc.tags = tags
    doc.categories = categories
    return changes.length > 0 ? { changed: true, message: `${changes.join(' and ')} changed` } : { changed: false }
  },
})
