import { z } from 'zod'
import { isTag } from 'domhandler'
import { defineTransform, touched } from './transform.ts'
import { elementsNamed } from './elements.ts'

const UNCATEGORIZED_HREF = /\/category\/uncategori[sz]ed\/?($|[?#])/i
const CATEGORY_CONTAINERS = '.cat-links, .categories, .post-categories, .entry-categories, li'
const LINKS = new Set(['a'])
const LISTS = new Set(['ul', 'ol'])

export const stripUncategorized = defineTransform({
  type: 'strip_uncategorized',
  summary: 'Remove links to the "Uncategorized" category (and a category list or item left holding no other link).',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    const links = elementsNamed(doc, LINKS).filter(a =>
      UNCATEGORIZED_HREF.test(a.attribs.href ?? '') || /^uncategori[sz]ed$/i.test(doc(a).text().trim()))
    if (links.length === 0) return touched(0, '')
    const containers = doc(links).closest(CATEGORY_CONTAINERS)
    doc(links).remove()
    containers.filter((_, container) => doc(container).find('a').length === 0).remove()
    doc(elementsNamed(doc, LISTS).filter(list => !list.children.some(isTag) && doc(list).text().trim() === '')).remove()
    return touched(links.length, 'Uncategorized links removed')
  },
})
