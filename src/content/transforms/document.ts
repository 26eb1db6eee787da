import { load, type CheerioAPI } from 'cheerio'

/** Parses post content as an HTML fragment (no `<html>`/`<body>` wrapper is added). */
export function parseHtml (html: string): CheerioAPI {
  return load(html, null, false)
}

export function serializeHtml (doc: CheerioAPI): string {
  return doc.html()
}
