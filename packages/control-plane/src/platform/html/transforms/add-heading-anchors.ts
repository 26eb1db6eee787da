import { z } from 'zod'
import { defineTransform, touched } from './transform.ts'
import { HEADING_TAGS, headingLevel } from './headings.ts'
import { elementsWhere } from './elements.ts'
import { firstFreeSlug, slugify } from '../../lib/slugify.ts'

export const addHeadingAnchors = defineTransform({
  type: 'add_heading_anchors',
  summary: 'Give each heading without an id one made from its text (unique in the document), so sections can be linked to.',
  options: z.object({
    levels: z.array(z.number().int().min(1).max(6)).min(1).default([2, 3, 4])
      .describe('Heading levels that get anchors. Default [2, 3, 4].'),
  }).strict(),
  apply (doc, { levels }) {
    const ids = new Set<string>()
    const headings = elementsWhere(doc, element => {
      if (element.attribs.id !== undefined) ids.add(element.attribs.id)
      return HEADING_TAGS.has(element.name)
    })
    let added = 0
    for (const heading of headings) {
      if (heading.attribs.id || !levels.includes(headingLevel(heading)!)) continue
      const id = firstFreeSlug(slugify(doc(heading).text()) || 'section', ids)
      ids.add(id)
      heading.attribs.id = id
      added++
    }
    return touched(added, 'heading anchors added')
  },
})
