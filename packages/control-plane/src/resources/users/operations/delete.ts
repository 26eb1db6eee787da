import { z } from 'zod'
import { userChanged } from '../events.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { formatSlot } from '../../../platform/db/slots.ts'
import { emptySlot, userNumParam } from '../../../platform/db/team-member-slot.ts'

export const deleteUser = defineOperation({
  summary: 'Free a team-member slot: its fields, account link and role assignments are erased.',
  description: 'The slot can be filled again by users.create and then starts blank. The welcome e-mail window of the address is kept.',
  destructive: true,
  examples: [{
    title: 'Remove a team member and free the slot',
    setup: [{ operation: 'users.create', params: { full_name: 'Former Colleague', email: 'former@example.com' }, as: 'member' }],
    params: { user_num: '{{member.user_num}}' },
    confirm: true,
  }],
  params: z.object({ user_num: userNumParam }),
  returns: z.object({ user_num: z.string(), deleted: z.literal(true) }),
  async target ({ user_num }, { db }) {
    const member = await db.svcTeamMember.findUnique({ where: { slot: user_num }, select: { fullName: true, email: true } })
    return member && `team-member slot ${formatSlot(user_num)} "${member.fullName || member.email || '(no name)'}" with its account link and roles`
  },
  async handler ({ user_num }, context) {
    // The row goes, and with it (ON DELETE CASCADE) its role assignments: a reused slot starts blank.
    await context.withEvent(async tx => {
      const { count } = await tx.svcTeamMember.deleteMany({ where: { slot: user_num } })
      if (count === 0) throw emptySlot(user_num)
    }, userChanged, () => ({ action: 'deleted', user_num: formatSlot(user_num), record: null }))
    return { data: { user_num: formatSlot(user_num), deleted: true as const }, changed: true }
  },
})
