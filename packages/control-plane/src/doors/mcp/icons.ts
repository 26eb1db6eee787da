import type { Icon } from '@modelcontextprotocol/server'
import { createHash } from 'node:crypto'

/** Inline, so a client shows it without fetching anything from the site (or being refused by its CORS). */
const inline = (svg: string): Icon => ({
  src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  mimeType: 'image/svg+xml',
  sizes: ['any'],
})

/** The control plane's own mark: a panel of switches. */
export const SERVER_ICONS: Icon[] = [inline(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#1f2937"/>' +
  '<path d="M6 8h12M6 16h12" stroke="#9ca3af" stroke-width="2" stroke-linecap="round"/>' +
  '<circle cx="9" cy="8" r="2.5" fill="#34d399"/><circle cx="15" cy="16" r="2.5" fill="#60a5fa"/></svg>',
)]

/** Colours white text reads well on; a resource keeps its own, picked by its name. */
const MONOGRAM_COLOURS = ['#2563eb', '#7c3aed', '#db2777', '#dc2626', '#ea580c', '#ca8a04', '#16a34a', '#0d9488', '#0891b2', '#4f46e5']

function monogram (resource: string): string {
  const colour = MONOGRAM_COLOURS[createHash('sha256').update(resource).digest()[0]! % MONOGRAM_COLOURS.length]
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">' +
    `<rect width="24" height="24" rx="5" fill="${colour}"/>` +
    `<text x="12" y="17" font-family="sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#fff">${resource[0]!.toUpperCase()}</text></svg>`
}

/** The icons of a resource's tools: the SVG the resource declares (`defineResource({ icon })`), else its monogram. */
export const resourceIcons = (declared: ReadonlyMap<string, string>, resource: string): Icon[] =>
  [inline(declared.get(resource) ?? monogram(resource))]
