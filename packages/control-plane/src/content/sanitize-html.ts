import sanitizeHtml from 'sanitize-html'

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const

/**
 * What an ingested article may contain; everything else is removed before it is stored or
 * forwarded. Text of a removed element stays, except inside the elements in `nonTextTags`.
 * Links may point to http(s), mailto or relative addresses, images to http(s) or relative ones;
 * `class` is kept for code highlighting and image classes, `id` where in-page links land.
 */
export const ARTICLE_ALLOWLIST: sanitizeHtml.IOptions = {
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
  return sanitizeHtml(html, ARTICLE_ALLOWLIST)
}
