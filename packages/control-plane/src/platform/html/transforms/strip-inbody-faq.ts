import { z } from 'zod'
import type { Element } from 'domhandler'
import { defineTransform, touched } from './transform.ts'
import { HEADING_TAGS, headingSection, isAttached, normalizedText } from './headings.ts'
import { elementsNamed, elementsWhere, hasClassIn } from './elements.ts'

/** Containers that FAQ blocks and SEO plugins emit, by id, class or FAQPage microdata. */
const FAQ_IDS = new Set(['faq', 'faqs', 'rank-math-faq'])
const FAQ_CLASSES = new Set(['faq', 'faqs', 'wp-block-yoast-faq-block', 'schema-faq', 'rank-math-faq'])

const isFaqContainer = (element: Element) =>
  FAQ_IDS.has(element.attribs.id ?? '') || hasClassIn(element, FAQ_CLASSES) || (element.attribs.itemtype ?? '').includes('schema.org/FAQPage')

const FAQ_HEADING = /^(faqs?|frequently asked questions)\b/

export const stripInbodyFaq = defineTransform({
  type: 'strip_inbody_faq',
  summary: 'Remove FAQ sections written into the body: FAQ blocks, FAQPage structured data, and an "FAQ" / "Frequently asked questions" heading with everything up to the next heading of its level.',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    const found = elementsWhere(doc, element => isFaqContainer(element) ||
      (element.name === 'script' && element.attribs.type === 'application/ld+json' && doc(element).text().includes('FAQPage')))
    let removed = found.length
    doc(found).remove()
    for (const heading of elementsNamed(doc, HEADING_TAGS)) {
      if (!isAttached(doc, heading) || !FAQ_HEADING.test(normalizedText(doc, heading))) continue
      headingSection(doc, heading).remove()
      removed++
    }
    return touched(removed, 'FAQ sections removed')
  },
})
