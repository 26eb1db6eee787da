import { z } from 'zod'
import type { Db, Tx } from '../../platform/db/client.ts'
import { emptySlot, userNumParam } from '../../platform/db/team-member-slot.ts'
import { ensureSystemRoles } from './system-roles.ts'
import { assignedUsers, findRole, roleSlugParam, type RoleRow } from './shape.ts'

export const assignmentParams = z.object({ slug: roleSlugParam, user_num: userNumParam })

export const assignmentResult = z.object({ slug: z.string(), assigned_users: z.array(z.string()) })

export const assignmentData = (role: RoleRow) => ({ slug: role.slug, assigned_users: assignedUsers(role) })

/** The id of the member in `slot`; a free slot is not_found. */
async function findMemberId (db: Db | Tx, slot: number): Promise<string> {
  const member = await db.svcTeamMember.findUnique({ where: { slot }, select: { id: true } })
  if (!member) throw emptySlot(slot)
  return member.id
}

/** The role and the member an assign/unassign names (each not_found if missing), and whether the member holds it. */
export async function findAssignment (db: Db, slug: string, slot: number) {
  await ensureSystemRoles(db)
  const role = await findRole(db, slug)
  const memberId = await findMemberId(db, slot)
  return { role, memberId, holds: role.members.some(member => member.id === memberId) }
}
