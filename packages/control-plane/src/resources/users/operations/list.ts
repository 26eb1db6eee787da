import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { MEMBER_ROW_SELECT, memberRecord, toMemberRecord } from '../shape.ts'

export const listUsers = defineOperation({
  summary: 'List the active team members, in slot order.',
  readonly: true,
  examples: [{ title: 'List the active team members', params: {} }],
  params: z.object({}),
  returns: z.object({ users: z.array(memberRecord) }),
  async handler (_params, { db, options }) {
    const rows = await db.svcTeamMember.findMany({ select: MEMBER_ROW_SELECT, orderBy: { slot: 'asc' } })
    return { data: { users: rows.map(row => toMemberRecord(row, options)) }, changed: false }
  },
})
