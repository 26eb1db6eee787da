import { z } from 'zod'
import type { CheerioAPI } from 'cheerio'
import { elementsNamed } from '../../../platform/html/transforms/elements.ts'
import { defineStage } from '../../../platform/html/stage.ts'

const ELLIPSIS = '…'
const PARAGRAPHS = new Set(['p'])

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The text of the first paragraph that has any, else of the whole body. */
function leadText (html: CheerioAPI): string {
  for (const paragraph of elementsNamed(html, PARAGRAPHS)) {
    const text = collapse(html(paragraph).text())
    if (text) return text
  }
  return collapse(html.root().text())
}

/** At most `max` characters, cut at a word boundary when one is near enough, with an ellipsis when cut. */
export function truncateAtWord (text: string, max: number): string {
  if (text.length <= max) return text
  const room = text.slice(0, max - ELLIPSIS.length)
  const endsAWord = /\s/.test(text[room.length]!)
  const lastSpace = room.lastIndexOf(' ')
  const cut = endsAWord || lastSpace < room.length / 2 ? room : room.slice(0, lastSpace)
  return cut.replace(/[\s,;:.\-–—]+$/, '') + ELLIPSIS
}

export const setExcerpt = defineStage({
  type: 'set_excerpt',
  requires: ['excerpt'],
  summary: 'Fill the excerpt from the first paragraph of the content, cut at a word boundary to max_length characters. An existing excerpt is kept unless overwrite is set.',
  options: z.object({
    max_length: z.number().int().min(20).max(1000).default(160).describe('Longest excerpt, in characters, ellipsis included. Default 160.'),
    overwrite: z.boolean().default(false).describe('Replace an excerpt the post already has. Default false.'),
  }).strict(),
  run (doc, { max_length, overwrite }) {
    if (doc.excerpt.trim() && !overwrite) return { changed: false }
    const excerpt = truncateAtWord(leadText(doc.html), max_length)
    if (!excerpt || excerpt === doc.excerpt) return { changed: false }
    doc.excerpt = excerpt
    return { changed: true, message: `excerpt set (${excerpt.length} characters)` }
  },
})
