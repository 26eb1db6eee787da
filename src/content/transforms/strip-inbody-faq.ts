import { z } from 'zod'
import { defineTransform, touched } from './transform.ts'
import { HEADINGS, headingSection, isAttached, normalizedText } from './headings.ts'

/** Containers that FAQ blocks and SEO plugins emit. */
const FAQ_CONTAINERS = [
  '#faq', '.faq', '#faqs', '.faqs', '.wp-block-yoast-faq-block', '.schema-faq', '#rank-math-faq', '.rank-math-faq',
  '[itemtype*="schema.org/FAQPage"]',
].join(', ')

const FAQ_HEADING = /^(faqs?|frequently asked questions)\b/

export const stripInbodyFaq = defineTransform({
  type: 'strip_inbody_faq',
  summary: 'Remove FAQ sections written into the body: FAQ blocks, FAQPage structured data, and an "FAQ" / "Frequently asked questions" heading with everything up to the next heading of its level.',
  options: z.object({}).strict().describe('No options.'),
  apply (doc) {
    const containers = doc(FAQ_CONTAINERS)
    const structuredData = doc('script[type="application/ld+json"]').filter((_, script) => doc(script).text().includes('FAQPage'))
    let removed = containers.length + structuredData.length
    containers.remove()
    structuredData.remove()
    doc(HEADINGS).each((_, heading) => {
      if (!isAttached(doc, heading)) return
      if (!FAQ_HEADING.test(normalizedText(doc, heading))) return
      headingSection(doc, heading).remove()
      removed++
    })
    return touched(removed, 'FAQ sections removed')
  },
})
