import { z } from 'zod'
import { HEADING_TAGS, headingLevel } from '../../../platform/html/transforms/headings.ts'
import { elementsNamed } from '../../../platform/html/transforms/elements.ts'
import { touched } from '../../../platform/html/transforms/transform.ts'
import { defineStage } from '../../../platform/html/stage.ts'

const MAX_LEVEL = 6

/** Each heading's new level: the outline starts at `top` and never skips a level on the way down. */
function outlineLevels (levels: readonly number[], top: number): number[] {
  const open: { from: number, to: number }[] = []
  return levels.map(level => {
    while (open.length > 0 && open.at(-1)!.from >= level) open.pop()
    const to = Math.min(open.length === 0 ? top : open.at(-1)!.to + 1, MAX_LEVEL)
    open.push({ from: level, to })
    return to
  })
}

/** Each heading moved by the same amount, so the highest one lands on `top`. */
function shiftedLevels (levels: readonly number[], top: number): number[] {
  const shift = top - Math.min(...levels)
  return levels.map(level => Math.min(Math.max(level + shift, 1), MAX_LEVEL))
}

export const normalizeHeadings = defineStage({
  type: 'normalize_headings',
  summary: 'Make the body\'s headings one outline: the highest becomes top_level (h2 by default, the title being the h1) and, with fix_skips, no level is skipped (h2 → h4 becomes h2 → h3).',
  options: z.object({
    top_level: z.number().int().min(1).max(MAX_LEVEL).default(2).describe('Level of the highest heading in the body. Default 2.'),
    fix_skips: z.boolean().default(true).describe('Close gaps in the outline instead of only shifting every heading. Default true.'),
  }).strict(),
  run (doc, { top_level, fix_skips }) {
    const headings = elementsNamed(doc.html, HEADING_TAGS)
    if (headings.length === 0) return { changed: false }
    const levels = headings.map(heading => headingLevel(heading)!)
    const next = fix_skips ? outlineLevels(levels, top_level) : shiftedLevels(levels, top_level)
    let renamed = 0
    headings.forEach((heading, index) => {
      if (next[index] === levels[index]) return
      heading.name = `h${next[index]}`
      renamed++
    })
    return touched(renamed, 'headings renamed')
  },
})
