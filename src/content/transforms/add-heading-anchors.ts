import { z } from 'zod'
import { defineTransform, touched } from './transform.ts'
import { headingLevel } from './headings.ts'
import { firstFreeSlug, slugify } from '../../lib/slugify.ts'

export const addHeadingAnchors = defineTransform({
  type: 'add_heading_anchors',
  summary: 'Give each heading without an id one made from its text (unique in the document), so sections can be linked to.',
  options: z.object({
    levels: z.array(z.number().int().min(1).max(6)).min(1).default([2, 3, 4])
      .describe('Heading levels that get anchors. Default [2, 3, 4].'),
  }).strict(),
  apply (doc, { levels }) {
    const ids = new Set(doc('[id]').map((_, element) => doc(element).attr('id')).get())
    let added = 0
    doc('h1, h2, h3, h4, h5, h6').each((_, heading) => {
      if (doc(heading).attr('id') || !levels.includes(headingLevel(heading)!)) return
      const id = firstFreeSlug(slugify(doc(heading).text()) || 'section', ids)
      ids.add(id)
      doc(heading).attr('id', id)
      added++
    })
    return touched(added, 'heading anchors added')
  },
})
