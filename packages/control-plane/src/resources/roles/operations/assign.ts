import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { roleChanged } from '../events.ts'
import { isRecordNotFound } from '../../../platform/db/client.ts'
import { conflict } from '../../../platform/errors/errors.ts'
import { emptySlot } from '../../../platform/db/team-member-slot.ts'
import { findRole, toRoleRecord, unknownRole } from '../shape.ts'
import { assignmentData, assignmentParams, assignmentResult, findAssignment } from '../assignment.ts'

export const assignRole = defineOperation({
  summary: 'Give a role to the team member in a slot.',
  description: 'Assigning a member who already holds the role changes nothing. A free slot is not_found; ' +
    'a role at its max_count is a conflict.',
  idempotent: true,
  examples: [{
    title: 'Give a team member a role',
    setup: [{ operation: 'roles.create', params: { name: 'Photo desk' }, as: 'role' }, { operation: 'users.create', params: { full_name: 'Annie Leibovitz', email: 'annie@example.com' }, as: 'member' }],
    params: { slug: '{{role.slug}}', user_num: '{{member.user_num}}' },
  }],
  params: assignmentParams,
  returns: assignmentResult,
  async handler ({ slug, user_num }, context) {
    const { db, now } = context
    const { role: before, memberId, holds } = await findAssignment(db, slug, user_num)
    if (holds) return { data: assignmentData(before), changed: false }
    const after = await db.$transaction(async tx => {
      // Touching the role row first makes assignments to one role take turns (a row lock on
      // PostgreSQL, the write lock on SQLite), so max_count holds across processes.
      const { count } = await tx.svcRole.updateMany({ where: { id: before.id }, data: { updatedAt: now() } })
      if (count === 0) throw unknownRole(slug)
      const role = await findRole(tx, slug)
      if (role.members.some(member => member.id === memberId)) return role
      if (role.constraintType === 'max' && role.maxCount !== null && role.members.length >= role.maxCount) {
        throw conflict(`role "${slug}" is full: at most ${role.maxCount} member(s)`, { max_count: role.maxCount })
      }
      try {
        await tx.svcRole.update({ where: { id: role.id }, data: { members: { connect: { id: memberId } } } })
      } catch (error) {
        // The role row is locked, so what went missing is the member, deleted since it was read.
        throw isRecordNotFound(error) ? emptySlot(user_num) : error
      }
      const assigned = await findRole(tx, slug)
      await context.emit(tx, roleChanged, { action: 'assigned', slug, record: toRoleRecord(assigned) })
      return assigned
    })
    return { data: assignmentData(after), changed: true }
  },
})
