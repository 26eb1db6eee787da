import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { roleChanged } from '../events.ts'
import { conflict } from '../../../platform/errors/errors.ts'
import { ensureSystemRoles } from '../system-roles.ts'
import { findRole, ROLE_SELECT, roleFieldParams, roleRecord, roleSlugParam, sizeRule, toRoleRecord, unknownRole, type RoleRow } from '../shape.ts'

type RoleChanges = Partial<Pick<RoleRow, 'name' | 'description' | 'icon' | 'color' | 'constraintType' | 'maxCount'>>

const differs = (changes: RoleChanges, row: RoleRow) =>
  Object.entries(changes).some(([key, value]) => value !== undefined && value !== row[key as keyof RoleChanges])

export const updateRole = defineOperation({
  summary: 'Change a custom role. The slug stays; system roles cannot be changed.',
  description: 'Omitted fields are kept. Switching constraint_type to "none" drops max_count. ' +
    'Lowering max_count below the number of members is a conflict.',
  idempotent: true,
  examples: [{
    title: "Change a role's description and colour",
    setup: [{ operation: 'roles.create', params: { name: 'Weekend editors' }, as: 'role' }],
    params: { slug: '{{role.slug}}', description: 'Edits the weekend edition.', color: '#aa3300' },
  }],
  params: z.object({ slug: roleSlugParam, ...roleFieldParams, name: roleFieldParams.name.optional() }),
  returns: z.object({ slug: z.string(), role: roleRecord }),
  async handler ({ slug, name, description, icon, color, constraint_type, max_count }, context) {
    const { db } = context
    await ensureSystemRoles(db)
    const current = await findRole(db, slug)
    if (current.system) throw conflict(`"${slug}" is a system role and cannot be changed; only custom roles can`)
    const constraintType = constraint_type ?? (current.constraintType as 'none' | 'max')
    const size = sizeRule(constraintType, max_count ?? (constraintType === 'none' ? null : current.maxCount))
    const changes: RoleChanges = { name, description, icon, color, ...size }
    if (!differs(changes, current)) return { data: { slug, role: toRoleRecord(current) }, changed: false }
    const updated = await db.$transaction(async tx => {
      // The update locks the role row, so no assignment can slip in between it and the count below.
      const { count } = await tx.svcRole.updateMany({ where: { id: current.id }, data: changes })
      if (count === 0) throw unknownRole(slug)
      const row = await tx.svcRole.findUniqueOrThrow({ where: { id: current.id }, select: ROLE_SELECT })
      if (row.maxCount !== null && row.members.length > row.maxCount) {
        throw conflict(`"${slug}" has ${row.members.length} members, more than max_count ${row.maxCount}; unassign some first`, {
          assigned: row.members.length,
          max_count: row.maxCount,
        })
      }
      await context.emit(tx, roleChanged, { action: 'updated', slug, record: toRoleRecord(row) })
      return row
    })
    return { data: { slug, role: toRoleRecord(updated) }, changed: true }
  },
})
