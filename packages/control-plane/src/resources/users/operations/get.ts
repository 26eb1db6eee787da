import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { findMember, memberRecord, toMemberRecord } from '../shape.ts'
import { userNumParam } from '../../../platform/db/team-member-slot.ts'

export const getUser = defineOperation({
  summary: 'Read one team member.',
  readonly: true,
  examples: [{
    title: 'Read one team member',
    setup: [{ operation: 'users.create', params: { full_name: 'Rachel Carson', email: 'rachel@example.com' }, as: 'member' }],
    params: { user_num: '{{member.user_num}}' },
  }],
  params: z.object({ user_num: userNumParam }),
  returns: memberRecord,
  async handler ({ user_num }, { db, options }) {
    return { data: toMemberRecord(await findMember(db, user_num), options), changed: false }
  },
})
