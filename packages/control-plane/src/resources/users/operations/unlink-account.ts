import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { findMember, memberRecord, toMemberRecord, updateMember, userNumParam } from '../shape.ts'

export const unlinkUserAccount = defineOperation({
  resource: 'users',
  action: 'unlink_account',
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
  async handler ({ user_num }, { db, options }) {
    const member = await findMember(db, user_num)
    if (member.accountId === null) return { data: toMemberRecord(member, options), changed: false }
    return { data: toMemberRecord(await updateMember(db, member, { accountId: null }), options), changed: true }
  },
})
