import type { CheerioAPI } from 'cheerio'
import { cheerio } from '../cheerio.ts'
import { cloneNode } from 'domhandler'

/** Parses post content as an HTML fragment (no `<html>`/`<body>` wrapper is added). */
export function parseHtml (html: string): CheerioAPI {
  return cheerio().load(html, null, false)
}

export function serializeHtml (doc: CheerioAPI): string {
  return doc.html()
}

/** An independent copy of a parsed fragment, without serializing and parsing again. */
export function cloneHtml (doc: CheerioAPI): CheerioAPI {
  return cheerio().load(cloneNode(doc.root()[0]!, true).children, null, false)
}
