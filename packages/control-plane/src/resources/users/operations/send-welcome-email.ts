import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { sendMail } from '../../../platform/mail/mailer.ts'
import { formatSlot } from '../../../platform/db/slots.ts'
import { conflict, deliveryFailed } from '../../../platform/errors/errors.ts'
import { findMember, type MemberRow } from '../shape.ts'
import { userNumParam } from '../../../platform/db/team-member-slot.ts'
import { welcomeMessage } from '../welcome-message.ts'
import { claimWelcomeWindow, lastWelcomeSentAt, releaseWelcomeWindow, secondsUntilOpen, WELCOME_WINDOW_MS } from '../welcome-window.ts'

const MISSING_LABEL = { email: 'no work e-mail', account: 'no linked account (users.link_account)' } as const

type Missing = keyof typeof MISSING_LABEL

function missingFor (member: MemberRow): Missing[] {
  const missing: Missing[] = []
  if (!member.email) missing.push('email')
  if (!member.accountId) missing.push('account')
  return missing
}

const mailErrorDetails = (error: unknown) => {
  const { code, responseCode } = (error ?? {}) as { code?: unknown, responseCode?: unknown }
  return {
    ...(typeof code === 'string' ? { reason: code } : {}),
    ...(typeof responseCode === 'number' ? { smtp_code: responseCode } : {}),
  }
}

export const sendWelcomeEmail = defineOperation({
  summary: 'E-mail a team member the link to their personal page, at their work e-mail.',
  description: 'Needs a work e-mail and a linked host account (409 conflict otherwise). One welcome e-mail per address every ' +
    '5 minutes, across slots and server processes (429 rate_limited with retry_after otherwise). dry_run reports ' +
    'eligibility, destination and missing requirements without sending. retry_after: seconds until this address may be ' +
    'e-mailed again. A mail server that refuses the message answers 502 delivery_failed, and nothing is recorded as sent.',
  destructive: true,
  openWorld: true,
  errors: ['not_found', 'conflict', 'rate_limited', 'delivery_failed'],
  examples: [{
    title: 'Check who would receive the welcome e-mail, sending nothing',
    setup: [
      { operation: 'users.create', params: { full_name: 'Studs Terkel', email: 'studs@example.com' }, as: 'member' },
      { operation: 'users.link_account', params: { user_num: '{{member.user_num}}', account_id: '{{account.id}}' }, as: 'linked' },
    ],
    params: { user_num: '{{member.user_num}}', dry_run: true },
    confirm: true,
  }],
  notPreviewable: 'it sends the e-mail while it runs; send dry_run: true to see it',
  params: z.object({
    user_num: userNumParam,
    dry_run: z.boolean().optional().describe('Only report eligibility and the destination; send nothing.'),
  }),
  returns: z.object({
    eligible: z.boolean(),
    outcome: z.enum(['sent', 'dry_run']),
    to: z.string().nullable(),
    retry_after: z.number().int().describe('Seconds until the next welcome e-mail to this address is allowed; 0 when it is now.'),
    missing: z.array(z.enum(['email', 'account'])).describe('Requirements the member does not meet.'),
  }),
  async handler ({ user_num, dry_run }, { db, options }) {
    const member = await findMember(db, user_num)
    const missing = missingFor(member)
    const now = options.now()
    if (dry_run) {
      const wait = member.email ? secondsUntilOpen(await lastWelcomeSentAt(db, member.email), now) : 0
      return {
        data: { eligible: missing.length === 0 && wait === 0, outcome: 'dry_run' as const, to: member.email || null, retry_after: wait, missing },
        changed: false,
      }
    }
    if (missing.length > 0) {
      throw conflict(`team member ${formatSlot(user_num)} cannot be welcomed: ${missing.map(m => MISSING_LABEL[m]).join(' and ')}`, { missing })
    }
    const claim = await claimWelcomeWindow(db, member.email, now)
    try {
      await sendMail(options, welcomeMessage(member, options))
    } catch (error) {
      await releaseWelcomeWindow(db, claim)
      throw deliveryFailed('the welcome e-mail could not be handed to the mail server; nothing was recorded as sent', mailErrorDetails(error))
    }
    return {
      data: { eligible: true, outcome: 'sent' as const, to: member.email, retry_after: WELCOME_WINDOW_MS / 1000, missing: [] },
      changed: true,
    }
  },
})
