import { z } from 'zod'
import { formatSlot } from '../../../platform/db/slots.ts'
import { userChanged } from '../events.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { findMember, memberRecord, toMemberRecord, updateMember } from '../shape.ts'
import { userNumParam } from '../../../platform/db/team-member-slot.ts'

export const unlinkUserAccount = defineOperation({
  summary: 'Remove the link between a team member and their host account.',
  idempotent: true,
  examples: [{
    title: 'Unlink a team member from their host account',
    setup: [
      { operation: 'users.create', params: { full_name: 'Hunter Thompson', email: 'hunter@example.com' }, as: 'member' },
      { operation: 'users.link_account', params: { user_num: '{{member.user_num}}', account_id: '{{account.id}}' }, as: 'linked' },
    ],
    params: { user_num: '{{member.user_num}}' },
  }],
  params: z.object({ user_num: userNumParam }),
  returns: memberRecord,
  async handler ({ user_num }, context) {
    const { db, options } = context
    const member = await findMember(db, user_num)
    if (member.accountId === null) return { data: toMemberRecord(member, options), changed: false }
    const unlinked = await context.withEvent(tx => updateMember(tx, member, { accountId: null }),
      userChanged, row => ({ action: 'account_unlinked', user_num: formatSlot(row.slot), record: toMemberRecord(row, options) }))
    return { data: toMemberRecord(unlinked, options), changed: true }
  },
})
