import { defineOperation } from '../../registry/define-operation.ts'
import { findRole } from './shape.ts'
import { assignmentData, assignmentParams, assignmentResult, findAssignment } from './assignment.ts'

export const unassignRole = defineOperation({
  resource: 'roles',
  action: 'unassign',
  summary: 'Take a role away from the team member in a slot.',
  description: 'Unassigning a member who does not hold the role changes nothing. A free slot is not_found.',
  idempotent: true,
  params: assignmentParams,
  returns: assignmentResult,
  async handler ({ slug, user_num }, { db }) {
    const { role, memberId, holds } = await findAssignment(db, slug, user_num)
    if (!holds) return { data: assignmentData(role), changed: false }
    await db.svcRole.update({ where: { id: role.id }, data: { members: { disconnect: { id: memberId } } } })
    return { data: assignmentData(await findRole(db, slug)), changed: true }
  },
})
