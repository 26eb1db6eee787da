import { TERM_LIMITS } from '../../packages/control-plane/src/platform/html/terms.ts'

/** A small delivery of the same shape, held as the source's sample so the mapping can be approved. */
export const SAMPLE_DELIVERY = { id: 'sample', headline: 'Sample', body_html: '<p>x</p>', tags: ['a'], category: 'News' }

/** How a content source reads `largeDelivery`'s fields, approved once the sample is held. */
export const LARGE_DELIVERY_MAPPING = { title: 'headline', content: 'body_html', tags: 'tags', categories: 'category', external_id: 'id' }

const names = (prefix: string) => Array.from({ length: TERM_LIMITS.perField }, (_, i) => `${prefix} ${i} ${'n'.repeat(TERM_LIMITS.nameLength - prefix.length - 6)}`)

/**
 * About 900 KB of article, under the 1 MiB body limit: 1,100 paragraphs with a link, an image and
 * bold words, and as many terms as a field takes (50 tags, 50 categories) of the longest name.
 * What `npm run bench:capture` and test/capture-beside-delivery.test.ts deliver beside captures.
 */
export function largeDelivery (id: string): Record<string, unknown> {
  const paragraph = (n: number) => `<p>Paragraph ${n} with <a href="https://example.com/${n}">a link</a>, <img src="https://example.com/${n}.png"> and <strong>bold</strong> words, ${'lorem ipsum '.repeat(60)}</p>`
  return {
    id, headline: `A very large delivery ${id}`, body_html: Array.from({ length: 1100 }, (_, n) => paragraph(n)).join(''),
    tags: names('Tag'), category: names('Category').join(','),
  }
}
