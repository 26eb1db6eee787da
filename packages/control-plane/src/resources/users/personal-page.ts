import escapeHtml from 'escape-html'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import { memberDisplayName } from './display-name.ts'
import { personalPageUrl, type MemberRow } from './shape.ts'

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}' +
  'img{width:10rem;height:10rem;object-fit:cover;border-radius:50%}dt{font-weight:600}dd{margin:0 0 .75rem}'

function page (title: string, body: string, head = ''): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    head,
    `<style>${STYLE}</style>`,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
  ].filter(Boolean).join('\n')
}

function detail (label: string, value: string): string {
  return value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : ''
}

/** The public page of one team member: only what the directory shows, every value escaped. */
export function renderPersonalPage (member: MemberRow, options: Pick<ResolvedOptions, 'siteUrl'>): string {
  const name = memberDisplayName(member)
  const picture = member.linkProfilePic
    ? `<img src="${escapeHtml(member.linkProfilePic)}" alt="${escapeHtml(`Profile picture of ${name}`)}">`
    : ''
  const details = detail('Nickname', member.nickname) + detail('Company', member.companyName)
  return page(
    name,
    `<main class="team-member">${picture}<h1>${escapeHtml(name)}</h1>${details ? `<dl>${details}</dl>` : ''}</main>`,
    `<link rel="canonical" href="${escapeHtml(personalPageUrl(options, member.slot))}">`,
  )
}

export function renderPageNotFound (): string {
  return page('Not found', '<main><h1>Not found</h1><p>There is no team member at this address.</p></main>')
}

export function renderPageError (): string {
  return page('Error', '<main><h1>Something went wrong</h1><p>Please try again later.</p></main>')
}
