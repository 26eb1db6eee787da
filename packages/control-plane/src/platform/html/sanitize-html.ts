import type sanitizeHtml from 'sanitize-html'
import { onFirstUse } from '../lib/installed-package.ts'
import { cheerio } from './cheerio.ts'

const sanitizer = onFirstUse<typeof sanitizeHtml>('sanitize-html')

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const

/**
 * What an ingested article may contain; everything else is removed before it is stored or
 * forwarded. Text of a removed element stays, except inside the elements in `nonTextTags`.
 * Links may point to http(s), mailto or relative addresses, images to http(s) or relative ones;
 * `class` is kept for code highlighting and image classes, `id` where in-page links land.
 */
const ARTICLE_ALLOWLIST: sanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS, 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'pre', 'code', 'kbd', 'samp',
    'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q', 'time', 'span', 'div',
  ],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    ...Object.fromEntries(HEADINGS.map(tag => [tag, ['id']])),
    li: ['id', 'value'],
    sup: ['id'],
    a: ['href', 'id', 'rel', 'hreflang'],
    img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'],
    ol: ['start', 'reversed', 'type'],
    th: ['colspan', 'rowspan', 'scope', 'headers'],
    td: ['colspan', 'rowspan', 'headers'],
    col: ['span'],
    colgroup: ['span'],
    blockquote: ['cite'],
    q: ['cite'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title'],
}

/** An ingested body reduced to the article allowlist. */
export function sanitizeArticleHtml (html: string): string {
  return sanitizer()(html, ARTICLE_ALLOWLIST)
}

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: ARTICLE_ALLOWLIST.nonTextTags }

/**
 * A field a theme may print either escaped or as HTML (a title, an excerpt) as plain text: markup
 * removed (script and style with their content), entities decoded, whitespace collapsed, and any
 * `<` that an HTML parser would read as the start of a tag dropped, so the text is inert printed
 * either way — a decoded `&lt;script&gt;` must not become a tag in a theme that prints raw HTML.
 */
export function plainTextOf (html: string): string {
  const text = cheerio().load(sanitizer()(html, NO_MARKUP), null, false).text()
  return text.replace(/<(?=[A-Za-z/!?])/g, '').replace(/\s+/g, ' ').trim()
}
