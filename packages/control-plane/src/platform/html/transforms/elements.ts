import type { CheerioAPI } from 'cheerio'
import { isTag, type AnyNode, type Element } from 'domhandler'

/*
 * A selector query costs a css-select pass over the whole tree (several milliseconds on a 100 KB
 * article, more than serializing it); a plain walk costs a fraction of that. Transforms find their
 * elements with these and keep cheerio for the edits.
 */

function collect (nodes: readonly AnyNode[], keep: (element: Element) => boolean, into: Element[]): Element[] {
  for (const node of nodes) {
    if (!isTag(node)) continue
    if (keep(node)) into.push(node)
    collect(node.children, keep, into)
  }
  return into
}

/** The elements of the document that `keep` accepts, in document order. */
export function elementsWhere (doc: CheerioAPI, keep: (element: Element) => boolean): Element[] {
  return collect(doc.root()[0]!.children, keep, [])
}

/** The elements with one of these tag names (lower case), in document order. */
export function elementsNamed (doc: CheerioAPI, names: ReadonlySet<string>): Element[] {
  return elementsWhere(doc, element => names.has(element.name))
}

/** True when the element's class attribute holds one of `classes`. */
export function hasClassIn (element: Element, classes: ReadonlySet<string>): boolean {
  const value = element.attribs.class
  return value !== undefined && value.split(/\s+/).some(name => classes.has(name))
}
