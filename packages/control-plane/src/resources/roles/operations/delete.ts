import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { roleChanged } from '../events.ts'
import { conflict } from '../../../platform/errors/errors.ts'
import { ensureSystemRoles } from '../system-roles.ts'
import { roleSlugParam, unknownRole } from '../shape.ts'

export const deleteRole = defineOperation({
  summary: 'Delete a custom role and its assignments. System roles cannot be deleted.',
  destructive: true,
  examples: [{
    title: 'Delete a custom role',
    setup: [{ operation: 'roles.create', params: { name: 'Interns 2024' }, as: 'role' }],
    params: { slug: '{{role.slug}}' },
    confirm: true,
  }],
  params: z.object({ slug: roleSlugParam }),
  returns: z.object({ slug: z.string(), deleted: z.literal(true) }),
  async handler ({ slug }, context) {
    const { db } = context
    await ensureSystemRoles(db)
    // Assignments go with the role (ON DELETE CASCADE on the join table).
    await context.withEvent(async tx => {
      const { count } = await tx.svcRole.deleteMany({ where: { slug, system: false } })
      if (count > 0) return
      const exists = await tx.svcRole.findUnique({ where: { slug }, select: { id: true } })
      throw exists ? conflict(`"${slug}" is a system role and cannot be deleted`) : unknownRole(slug)
    }, roleChanged, () => ({ action: 'deleted', slug, record: null }))
    return { data: { slug, deleted: true as const }, changed: true }
  },
})
