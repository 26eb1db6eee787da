import type { Cheerio, CheerioAPI } from 'cheerio'
import type { Element } from 'domhandler'

export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

export function headingLevel (element: Element): number | null {
  const match = /^h([1-6])$/.exec(element.tagName.toLowerCase())
  return match ? Number(match[1]) : null
}

/** Visible text, whitespace collapsed, lower case, without a trailing colon. */
export function normalizedText (doc: CheerioAPI, element: Element): string {
  return doc(element).text().replace(/\s+/g, ' ').trim().replace(/:$/, '').toLowerCase()
}

/** A heading and the siblings after it, up to the next heading of the same or a higher level. */
export function headingSection (doc: CheerioAPI, heading: Element): Cheerio<Element> {
  const level = headingLevel(heading) ?? 6
  const members: Element[] = [heading]
  for (let next = doc(heading).next(); next.length > 0; next = next.next()) {
    const nextLevel = headingLevel(next[0]!)
    if (nextLevel !== null && nextLevel <= level) break
    members.push(next[0]!)
  }
  return doc(members)
}

/** False once the element, or an ancestor, was removed by an earlier edit. */
export function isAttached (doc: CheerioAPI, element: Element): boolean {
  let node: Element['parent'] = element.parent
  let top: Element['parent'] | Element = element
  while (node) { top = node; node = node.parent }
  return top === doc.root()[0]
}
