import { z } from 'zod'
import type { CheerioAPI } from 'cheerio'
import { isComment, isTag, isText, type Element, type ParentNode } from 'domhandler'
import { defineTransform, touched } from './transform.ts'

const DROPPED = new Set(['script', 'style', 'link', 'meta'])
const EMBEDDED = new Set(['img', 'picture', 'video', 'audio', 'iframe', 'embed', 'object', 'svg', 'canvas', 'input', 'hr'])
const BLANK = /^[\s\u00a0\u200b]*$/

function stripAttributes (element: Element): number {
  let stripped = 0
  for (const name of Object.keys(element.attribs)) {
    if (name === 'style' || /^on/i.test(name)) { delete element.attribs[name]; stripped++ }
  }
  return stripped
}

const isWrapper = (element: Element) => element.name === 'font' || (element.name === 'span' && Object.keys(element.attribs).length === 0)

/**
 * One walk over the tree, children before their parent, so an empty block is judged after its
 * insides were cleaned (a div that only held empty paragraphs goes too). Selector queries over
 * the whole document would cost several times the parse on a long article.
 */
function clean (doc: CheerioAPI, parent: ParentNode): { edits: number, blank: boolean } {
  let edits = 0
  let blank = true
  for (const node of [...parent.children]) {
    if (isComment(node)) { doc(node).remove(); edits++; continue }
    if (isText(node)) { blank &&= BLANK.test(node.data); continue }
    if (!isTag(node)) continue
    if (DROPPED.has(node.name)) { doc(node).remove(); edits++; continue }
    edits += stripAttributes(node)
    const inside = clean(doc, node)
    edits += inside.edits
    if (isWrapper(node)) {
      doc(node).replaceWith(doc(node).contents())
      edits++
      blank &&= inside.blank
    } else if ((node.name === 'p' || node.name === 'div') && inside.blank) {
      doc(node).remove()
      edits++
    } else {
      blank &&= inside.blank && !EMBEDDED.has(node.name)
    }
  }
  return { edits, blank }
}

export const contentCleanup = defineTransform({
  type: 'content_cleanup',
  summary: 'Tidy pasted HTML: drop scripts, styles and comments, inline style and on* attributes, unwrap <font> and bare <span>, remove empty paragraphs and divs.',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    return touched(clean(doc, doc.root()[0]!).edits, 'cleanup edits')
  },
})
