import { z } from 'zod'
import { isTag, type AnyNode } from 'domhandler'
import { defineTransform, touched } from './transform.ts'

const EMBEDDED = 'img, picture, video, audio, iframe, embed, object, svg, canvas, input, hr'
const BLANK = /^[\s\u00a0\u200b]*$/

export const contentCleanup = defineTransform({
  type: 'content_cleanup',
  summary: 'Tidy pasted HTML: drop scripts, styles and comments, inline style and on* attributes, unwrap <font> and bare <span>, remove empty paragraphs and divs.',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    let edits = 0
    const drop = (nodes: { length: number, remove: () => unknown }) => { edits += nodes.length; nodes.remove() }
    drop(doc('script, style, link, meta'))
    drop(doc.root().find('*').addBack().contents().filter((_, node: AnyNode) => node.type === 'comment'))
    for (const element of doc('*').get().filter(isTag)) {
      for (const name of Object.keys(element.attribs)) {
        if (name === 'style' || /^on/i.test(name)) { doc(element).removeAttr(name); edits++ }
      }
    }
    const wrappers = doc('font, span').filter((_, element) => element.tagName === 'font' || Object.keys(element.attribs).length === 0)
    edits += wrappers.length
    wrappers.each((_, element) => { doc(element).replaceWith(doc(element).contents()) })
    // Innermost first, so a div that only held empty paragraphs goes too.
    for (const element of doc('p, div').get().reverse()) {
      const node = doc(element)
      if (BLANK.test(node.text()) && node.find(EMBEDDED).length === 0) { node.remove(); edits++ }
    }
    return touched(edits, 'cleanup edits')
  },
})
