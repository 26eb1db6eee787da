import escapeHtml from 'escape-html'
import type { OutgoingMail } from '../../platform/mail/mailer.ts'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import { memberDisplayName } from './display-name.ts'
import { personalPageUrl, type MemberRow } from './shape.ts'

/** The welcome e-mail: a plain-text and an HTML part, both carrying the absolute personal-page link. */
export function welcomeMessage (member: MemberRow, options: Pick<ResolvedOptions, 'siteUrl'>): OutgoingMail {
  const name = memberDisplayName(member)
  const greeting = member.firstName || member.nickname || name
  const site = new URL(options.siteUrl).host
  const link = personalPageUrl(options, member.slot)
  const text = [
    `Hello ${greeting},`,
    '',
    `welcome to the team at ${site}! You now have a personal page in the team directory:`,
    '',
    link,
    '',
    'It shows your name, nickname, company and profile picture. If anything on it is wrong,',
    'ask a site administrator to correct it.',
    '',
  ].join('\n')
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(greeting)},</p>`,
    `<p>welcome to the team at ${escapeHtml(site)}! You now have a personal page in the team directory:</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>It shows your name, nickname, company and profile picture. If anything on it is wrong, ask a site administrator to correct it.</p>',
    '</body></html>',
  ].join('\n')
  return { to: { name, address: member.email }, subject: `Welcome to the team at ${site}`, text, html }
}
