import { z } from 'zod'
import type { Element } from 'domhandler'
import { defineTransform, touched } from './transform.ts'
import { HEADING_TAGS, isAttached, normalizedText } from './headings.ts'
import { elementsNamed, elementsWhere, hasClassIn } from './elements.ts'

/** Containers that table-of-contents plugins and editors emit, by id, class or navigation label. */
const TOC_IDS = new Set(['toc', 'toc_container', 'table-of-contents', 'ez-toc-container'])
const TOC_CLASSES = new Set(['toc', 'toc_container', 'table-of-contents', 'wp-block-table-of-contents', 'ez-toc-container', 'lwptoc', 'rank-math-toc'])
const TOC_NAV_LABELS = new Set(['table of contents', 'contents'])

const isTocContainer = (element: Element) =>
  TOC_IDS.has(element.attribs.id ?? '') || hasClassIn(element, TOC_CLASSES) ||
  (element.name === 'nav' && TOC_NAV_LABELS.has((element.attribs['aria-label'] ?? '').toLowerCase()))

const TOC_TITLES = new Set(['table of contents', 'contents', 'in this article', 'on this page', 'jump to'])
const TITLE_TAGS = new Set([...HEADING_TAGS, 'p'])

export const stripInbodyToc = defineTransform({
  type: 'strip_inbody_toc',
  summary: 'Remove tables of contents written into the body: known TOC containers, and a "Table of contents" heading followed by a list of in-page links.',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    const containers = elementsWhere(doc, isTocContainer)
    let removed = containers.length
    doc(containers).remove()
    for (const title of elementsNamed(doc, TITLE_TAGS)) {
      if (!isAttached(doc, title) || !TOC_TITLES.has(normalizedText(doc, title))) continue
      const list = doc(title).next('ul, ol')
      const links = list.find('a')
      if (links.length === 0 || links.filter((_, a) => !(doc(a).attr('href') ?? '').startsWith('#')).length > 0) continue
      doc([title, list[0]!]).remove()
      removed++
    }
    return touched(removed, 'tables of contents removed')
  },
})
