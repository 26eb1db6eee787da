import { z } from 'zod'
import { defineTransform, touched } from './transform.ts'
import { HEADINGS, isAttached, normalizedText } from './headings.ts'

/** Containers that table-of-contents plugins and editors emit. */
const TOC_CONTAINERS = [
  '#toc', '.toc', '#toc_container', '.toc_container', '#table-of-contents', '.table-of-contents',
  '.wp-block-table-of-contents', '#ez-toc-container', '.ez-toc-container', '.lwptoc', '.rank-math-toc',
  'nav[aria-label="Table of contents" i]', 'nav[aria-label="Contents" i]',
].join(', ')

const TOC_TITLES = new Set(['table of contents', 'contents', 'in this article', 'on this page', 'jump to'])

export const stripInbodyToc = defineTransform({
  type: 'strip_inbody_toc',
  summary: 'Remove tables of contents written into the body: known TOC containers, and a "Table of contents" heading followed by a list of in-page links.',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    const containers = doc(TOC_CONTAINERS)
    let removed = containers.length
    containers.remove()
    doc(`${HEADINGS}, p`).each((_, title) => {
      if (!isAttached(doc, title) || !TOC_TITLES.has(normalizedText(doc, title))) return
      const list = doc(title).next('ul, ol')
      const links = list.find('a')
      if (links.length === 0 || links.filter((_, a) => !(doc(a).attr('href') ?? '').startsWith('#')).length > 0) return
      doc([title, list[0]!]).remove()
      removed++
    })
    return touched(removed, 'tables of contents removed')
  },
})
