import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { roleChanged } from '../events.ts'
import { allocateSlot } from '../../../platform/db/slots.ts'
import { ensureSystemRoles } from '../system-roles.ts'
import { baseSlug, slugVariant, usedVariants } from '../role-slug.ts'
import { ROLE_SELECT, roleFieldParams, roleRecord, sizeRule, toRoleRecord } from '../shape.ts'

const MAX_VARIANTS = 999

export const createRole = defineOperation({
  summary: 'Create a custom role; its slug is generated from the name.',
  description: 'The slug is the name in lower case with hyphens; a taken slug gets -2, -3, … appended. ' +
    'constraint_type "max" with max_count limits how many members may hold the role.',
  examples: [{
    title: 'A role at most three people may hold',
    params: { name: 'Fact checkers', description: 'Review sourced claims before publishing.', color: '#2266aa', constraint_type: 'max', max_count: 3 },
  }],
  params: z.object(roleFieldParams),
  returns: z.object({ slug: z.string(), role: roleRecord }),
  async handler ({ name, description, icon, color, constraint_type, max_count }, context) {
    const { db } = context
    await ensureSystemRoles(db)
    const size = sizeRule(constraint_type ?? 'none', max_count ?? null)
    const base = baseSlug(name)
    // The lowest free numbered variant of the slug, claimed like a slot: the unique slug decides races.
    const row = await allocateSlot({
      max: MAX_VARIANTS,
      occupied: async () => usedVariants(base, (await db.svcRole.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map(r => r.slug)),
      insert: variant => context.withEvent(tx => tx.svcRole.create({
        data: { slug: slugVariant(base, variant), name, description, icon, color, ...size },
        select: ROLE_SELECT,
      }), roleChanged, created => ({ action: 'created', slug: created.slug, record: toRoleRecord(created) })),
      kind: `slugs for roles named like "${name}"`,
    })
    return { data: { slug: row.slug, role: toRoleRecord(row) }, changed: true }
  },
})
