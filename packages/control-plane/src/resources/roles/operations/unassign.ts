import { defineOperation } from '../../../registry/define-operation.ts'
import { findRole } from '../shape.ts'
import { assignmentData, assignmentParams, assignmentResult, findAssignment } from '../assignment.ts'

export const unassignRole = defineOperation({
  resource: 'roles',
  action: 'unassign',
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
  async handler ({ slug, user_num }, { db }) {
    const { role, memberId, holds } = await findAssignment(db, slug, user_num)
    if (!holds) return { data: assignmentData(role), changed: false }
    await db.svcRole.update({ where: { id: role.id }, data: { members: { disconnect: { id: memberId } } } })
    return { data: assignmentData(await findRole(db, slug)), changed: true }
  },
})
