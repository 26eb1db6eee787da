import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { roleChanged } from '../events.ts'
import { findRole, toRoleRecord } from '../shape.ts'
import { assignmentData, assignmentParams, assignmentResult, findAssignment } from '../assignment.ts'

export const unassignRole = defineOperation({
  summary: 'Take a role away from the team member in a slot.',
  description: 'Unassigning a member who does not hold the role changes nothing. A free slot is not_found.',
  idempotent: true,
  examples: [{
    title: 'Take a role away from a team member',
    setup: [
      { operation: 'roles.create', params: { name: 'Night desk' }, as: 'role' },
      { operation: 'users.create', params: { full_name: 'Nellie Bly', email: 'nellie@example.com' }, as: 'member' },
      { operation: 'roles.assign', params: { slug: '{{role.slug}}', user_num: '{{member.user_num}}' }, as: 'assigned' },
    ],
    params: { slug: '{{role.slug}}', user_num: '{{member.user_num}}' },
  }],
  params: assignmentParams,
  returns: assignmentResult,
  async handler ({ slug, user_num }, context) {
    const { db } = context
    const { role, memberId, holds } = await findAssignment(db, slug, user_num)
    if (!holds) return { data: assignmentData(role), changed: false }
    const after = await context.withEvent(async tx => {
      await tx.svcRole.update({ where: { id: role.id }, data: { members: { disconnect: { id: memberId } } } })
      return findRole(tx, slug)
    }, roleChanged, row => ({ action: 'unassigned', slug, record: toRoleRecord(row) }))
    return { data: assignmentData(after), changed: true }
  },
})
