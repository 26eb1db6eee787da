import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { ensureSystemRoles } from '../system-roles.ts'
import { ROLE_SELECT, roleRecord, toRoleRecord } from '../shape.ts'

export const listRoles = defineOperation({
  summary: 'List the system roles, then the custom roles, each with its members as slot numbers.',
  readonly: true,
  examples: [{ title: 'List the roles with their members', params: {} }],
  params: z.object({}),
  returns: z.object({ roles: z.array(roleRecord) }),
  async handler (_params, { db }) {
    await ensureSystemRoles(db)
    const rows = await db.svcRole.findMany({
      select: ROLE_SELECT,
      orderBy: [{ system: 'desc' }, { createdAt: 'asc' }, { slug: 'asc' }],
    })
    return { data: { roles: rows.map(toRoleRecord) }, changed: false }
  },
})
