import { z } from 'zod'
import { formatSlot } from '../../../platform/db/slots.ts'
import { userChanged } from '../events.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { accountLoader } from '../../../platform/host-contract/load-account.ts'
import { accountIdValue } from '../../../platform/host-contract/account-id.ts'
import { findMember, memberRecord, toMemberRecord, updateMember } from '../shape.ts'
import { userNumParam } from '../../../platform/db/team-member-slot.ts'

export const linkUserAccount = defineOperation({
  summary: 'Link a team member to a host account (needed for the welcome e-mail).',
  description: 'account_id is the id of an account of the host (its accounts list, User by default). Linking replaces any previous link. Several slots may link one account.',
  idempotent: true,
  examples: [{
    title: 'Link a team member to a host account',
    setup: [{ operation: 'users.create', params: { full_name: 'Oriana Fallaci', email: 'oriana@example.com' }, as: 'member' }],
    params: { user_num: '{{member.user_num}}', account_id: '{{account.id}}' },
  }],
  params: z.object({
    user_num: userNumParam,
    account_id: z.string().trim().min(1, 'must not be empty').max(100).describe('Id of the host account to link.'),
  }),
  returns: memberRecord,
  async handler ({ user_num, account_id }, context) {
    const { db, options } = context
    const member = await findMember(db, user_num)
    const account = await accountLoader(db, options.host.accounts)(account_id)
    if (!account) throw notFound(`no host account has the id "${account_id}"`)
    if (member.accountId !== null && String(member.accountId) === account.id) return { data: toMemberRecord(member, options), changed: false }
    // The host's id type (an integer for an autoincrement list); the package's client types it as the reference host's string.
    const accountId = accountIdValue(options.host.accounts, account.id) as string
    const linked = await context.withEvent(tx => updateMember(tx, member, { accountId }),
      userChanged, row => ({ action: 'account_linked', user_num: formatSlot(row.slot), record: toMemberRecord(row, options) }))
    return { data: toMemberRecord(linked, options), changed: true }
  },
})
