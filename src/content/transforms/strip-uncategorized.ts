import { z } from 'zod'
import { defineTransform, touched } from './transform.ts'

const UNCATEGORIZED_HREF = /\/category\/uncategori[sz]ed\/?($|[?#])/i
const CATEGORY_CONTAINERS = '.cat-links, .categories, .post-categories, .entry-categories, li'

export const stripUncategorized = defineTransform({
  type: 'strip_uncategorized',
  summary: 'Remove links to the "Uncategorized" category (and a category list or item left holding no other link).',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    const links = doc('a').filter((_, a) =>
      /^uncategori[sz]ed$/i.test(doc(a).text().trim()) || UNCATEGORIZED_HREF.test(doc(a).attr('href') ?? ''))
    const containers = links.closest(CATEGORY_CONTAINERS)
    links.remove()
    const emptied = containers.filter((_, container) => doc(container).find('a').length === 0)
    emptied.remove()
    doc('ul, ol').filter((_, list) => doc(list).children().length === 0 && doc(list).text().trim() === '').remove()
    return touched(links.length, 'Uncategorized links removed')
  },
})
