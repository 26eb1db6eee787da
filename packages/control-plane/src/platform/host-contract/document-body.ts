import type { HtmlToSlateConfig, SlateToHtmlConfig } from '@slate-serializers/html'
import { Element, type ChildNode } from 'domhandler'
import { onFirstUse } from '../lib/installed-package.ts'

/** Loaded with the first `document` body the site converts: only hosts whose posts have one do. */
const serializers = onFirstUse<typeof import('@slate-serializers/html')>('@slate-serializers/html')

/**
 * Keystone `document` field bodies as HTML and back, through `@slate-serializers/html`, so the
 * content-source transforms and pipeline stages (which edit HTML) work on them too.
 *
 * Nodes HTML has no element for — component blocks, layouts, relationships, anything this map
 * does not know — travel through the HTML as `<object data-keystone-node="…">` holding the node's
 * JSON (base64url), and come back exactly as they were unless a stage removes the element.
 */

/** A Keystone document node: an element (with `type` and `children`) or a text leaf. */
export type DocumentNode = { type?: string, text?: string, children?: DocumentNode[], [key: string]: unknown }

const PRESERVED = 'svc-preserved'
const PRESERVED_ATTRIBUTE = 'data-keystone-node'

/** Element types converted to HTML elements; everything else is preserved whole. */
const CONVERTED = new Set(['paragraph', 'heading', 'blockquote', 'code', 'divider', 'ordered-list', 'unordered-list', 'list-item', 'list-item-content', 'link'])

const encodeNode = (node: DocumentNode) => Buffer.from(JSON.stringify(node), 'utf8').toString('base64url')

function decodeNode (value: string | undefined): DocumentNode | null {
  if (!value) return null
  try {
    const node = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown
    return typeof node === 'object' && node !== null ? node as DocumentNode : null
  } catch {
    return null
  }
}

const isElement = (node: DocumentNode) => Array.isArray(node.children)

/** Unknown element nodes replaced by a placeholder that carries them. */
function withPlaceholders (nodes: readonly DocumentNode[]): DocumentNode[] {
  return nodes.map(node => {
    if (!isElement(node)) return node
    if (!CONVERTED.has(String(node.type))) return { type: PRESERVED, node: encodeNode(node), children: [{ text: '' }] }
    return { ...node, children: withPlaceholders(node.children!) }
  })
}

const element = (name: string, attribs: Record<string, string> = {}, children: ChildNode[] = []) => new Element(name, attribs, children)

/** What the serializer gives an element transform: the document node (the library types it `any`) and its converted children. */
type ElementInput = { node?: DocumentNode, children?: ChildNode[] }

const TO_HTML: SlateToHtmlConfig = {
  markMap: {
    bold: ['strong'], italic: ['em'], underline: ['u'], strikethrough: ['s'], code: ['code'],
    superscript: ['sup'], subscript: ['sub'], keyboard: ['kbd'],
  },
  elementMap: { paragraph: 'p', blockquote: 'blockquote', 'ordered-list': 'ol', 'unordered-list': 'ul', 'list-item': 'li' },
  elementTransforms: {
    heading: ({ node, children }: ElementInput) => element(`h${Math.min(Math.max(Number(node?.level) || 2, 1), 6)}`, {}, children),
    link: ({ node, children }: ElementInput) => element('a', { href: typeof node?.href === 'string' ? node.href : '' }, children),
    code: ({ children }) => element('pre', {}, [element('code', {}, children)]),
    divider: () => element('hr'),
    // The content of a list item has no element of its own in HTML: its inline children stand in the <li>.
    'list-item-content': ({ children }) => element('span', {}, children),
    [PRESERVED]: ({ node }: ElementInput) => element('object', { [PRESERVED_ATTRIBUTE]: String(node?.node) }),
  },
  encodeEntities: false,
  alwaysEncodeBreakingEntities: true,
  convertLineBreakToBr: true,
}

const heading = (level: number) => () => ({ type: 'heading', level })

const TO_DOCUMENT: HtmlToSlateConfig = {
  elementTags: {
    p: () => ({ type: 'paragraph' }),
    h1: heading(1), h2: heading(2), h3: heading(3), h4: heading(4), h5: heading(5), h6: heading(6),
    blockquote: () => ({ type: 'blockquote' }),
    pre: () => ({ type: 'code' }),
    hr: () => ({ type: 'divider' }),
    ol: () => ({ type: 'ordered-list' }),
    ul: () => ({ type: 'unordered-list' }),
    li: () => ({ type: 'list-item' }),
    a: el => ({ type: 'link', href: el?.attribs.href ?? '' }),
    object: el => ({ type: PRESERVED, node: el?.attribs[PRESERVED_ATTRIBUTE] }),
  },
  textTags: {
    strong: () => ({ bold: true }), b: () => ({ bold: true }),
    em: () => ({ italic: true }), i: () => ({ italic: true }),
    u: () => ({ underline: true }),
    s: () => ({ strikethrough: true }), del: () => ({ strikethrough: true }),
    code: () => ({ code: true }), kbd: () => ({ keyboard: true }),
    sup: () => ({ superscript: true }), sub: () => ({ subscript: true }),
  },
  filterWhitespaceNodes: true,
  convertBrToLineBreak: true,
  trimWhiteSpace: true,
}

const INLINE = new Set(['link'])
const LISTS = new Set(['ordered-list', 'unordered-list'])

const isInline = (node: DocumentNode) => !isElement(node) || INLINE.has(String(node.type))

const textOf = (node: DocumentNode): string => isElement(node) ? node.children!.map(textOf).join('') : String(node.text ?? '')

/** Consecutive inline nodes wrapped in an element of the type, block nodes kept. */
function wrapInline (nodes: readonly DocumentNode[], type: string): DocumentNode[] {
  const out: DocumentNode[] = []
  for (const node of nodes) {
    if (!isInline(node)) { out.push(node); continue }
    const last = out.at(-1)
    if (last?.type === type && last.svcWrapped) last.children!.push(node)
    else out.push({ type, svcWrapped: true, children: [node] })
  }
  return out.map(({ svcWrapped: wrapped, ...node }) => wrapped ? { ...node, children: withTextAroundInlines(node.children!) } : node)
}

const ensureChildren = (children: DocumentNode[]) => children.length > 0 ? children : [{ text: '' }]

/** Slate's rule, which Keystone's editor keeps: an inline element (a link) has a text node on each side. */
function withTextAroundInlines (children: readonly DocumentNode[]): DocumentNode[] {
  const out: DocumentNode[] = []
  for (const child of children) {
    if (isElement(child) && (out.length === 0 || isElement(out.at(-1)!))) out.push({ text: '' })
    out.push(child)
  }
  if (out.length === 0 || isElement(out.at(-1)!)) out.push({ text: '' })
  return out
}

/** The converted tree made a valid Keystone document: placeholders restored, list items with their content element, no element without children. */
function normalize (nodes: readonly DocumentNode[]): DocumentNode[] {
  const result: DocumentNode[] = []
  for (const node of nodes) {
    if (!isElement(node)) { result.push(node); continue }
    if (node.type === undefined) {
      // An HTML element the map does not know (a <div>, a <figure>): its contents stand in its place.
      result.push(...normalize(node.children!))
      continue
    }
    if (node.type === PRESERVED) {
      const original = decodeNode(node.node as string | undefined)
      if (original) result.push(original)
      continue
    }
    let children = normalize(node.children!)
    if (node.type === 'list-item') children = wrapInline(children, 'list-item-content')
    if (node.type === 'blockquote') children = wrapInline(children, 'paragraph')
    if (LISTS.has(String(node.type))) children = children.filter(child => child.type === 'list-item' || LISTS.has(String(child.type)))
    if (node.type === 'code') children = [{ text: textOf(node) }]
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'list-item-content') {
      // Blocks cannot sit inside text blocks: a stray one is lifted out after its parent.
      const blocks = children.filter(child => !isInline(child))
      result.push({ ...node, children: withTextAroundInlines(children.filter(isInline)) }, ...blocks)
      continue
    }
    result.push({ ...node, children: node.type === 'link' ? withTextAroundInlines(children) : ensureChildren(children) })
  }
  return result
}

/** A document value as Prisma returns it: an array, or JSON text where the field is stored as text (SQLite). */
export function documentNodes (stored: unknown): DocumentNode[] {
  const value = typeof stored === 'string' ? (stored.trim() ? JSON.parse(stored) as unknown : []) : stored
  return Array.isArray(value) ? value as DocumentNode[] : []
}

/** The document as HTML; nodes without an HTML element travel as placeholders. */
export function documentToHtml (nodes: readonly DocumentNode[]): string {
  return serializers().slateToHtml(withPlaceholders(nodes), TO_HTML)
}

/** HTML as a Keystone document, placeholders restored to the nodes they carry. */
export function htmlToDocument (html: string): DocumentNode[] {
  const nodes = wrapInline(normalize(serializers().htmlToSlate(html, TO_DOCUMENT) as DocumentNode[]), 'paragraph')
  return nodes.length > 0 ? nodes : [{ type: 'paragraph', children: [{ text: '' }] }]
}
