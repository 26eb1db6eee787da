import { z } from 'zod'
import { defineOperation } from '../../registry/define-operation.ts'
import { userNumParam } from '../users/shape.ts'
import { ensureSystemRoles } from './system-roles.ts'
import { assignedUsers, findRole, roleSlugParam } from './shape.ts'
import { findMemberId } from './member-id.ts'

export const unassignRole = defineOperation({
  resource: 'roles',
  action: 'unassign',
  summary: 'Take a role away from the team member in a slot.',
  description: 'Unassigning a member who does not hold the role changes nothing. A free slot is not_found.',
  idempotent: true,
  params: z.object({ slug: roleSlugParam, user_num: userNumParam }),
  returns: z.object({ slug: z.string(), assigned_users: z.array(z.string()) }),
  async handler ({ slug, user_num }, { db }) {
    await ensureSystemRoles(db)
    const role = await findRole(db, slug)
    const memberId = await findMemberId(db, user_num)
    if (!role.members.some(member => member.id === memberId)) return { data: { slug, assigned_users: assignedUsers(role) }, changed: false }
    await db.svcRole.update({ where: { id: role.id }, data: { members: { disconnect: { id: memberId } } } })
    return { data: { slug, assigned_users: assignedUsers(await findRole(db, slug)) }, changed: true }
  },
})
