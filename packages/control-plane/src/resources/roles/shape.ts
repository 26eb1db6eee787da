import { z } from 'zod'
import type { Db, Tx } from '../../platform/db/client.ts'
import { displayName } from '../../platform/lib/fields.ts'
import { formatSlot } from '../../platform/db/slots.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { MAX_SLOT } from '../../platform/db/slots.ts'
import { invalidParams, notFound } from '../../platform/errors/errors.ts'

export const roleSlugParam = z.string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a role slug is lower-case letters and digits joined by hyphens')
  .describe('Role slug, e.g. "editor".')

const CONSTRAINT_TYPES = ['none', 'max'] as const

export type ConstraintType = (typeof CONSTRAINT_TYPES)[number]

export const roleFieldParams = {
  name: displayName.describe('Display name of the role.'),
  description: z.string().trim().max(1000).optional(),
  icon: z.string().trim().max(64).optional().describe('Icon name or emoji, up to 64 characters.'),
  color: z.union([z.literal(''), z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a colour is #rgb or #rrggbb')])
    .transform(color => color.toLowerCase())
    .optional()
    .describe('CSS hex colour, #rgb or #rrggbb; "" for none.'),
  constraint_type: z.enum(CONSTRAINT_TYPES).optional()
    .describe('"none" (default): any number of members; "max": at most max_count members.'),
  max_count: z.number().int().min(1).max(MAX_SLOT).optional().describe('Most members the role may have; required with constraint_type "max".'),
}

export const roleRecord = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  constraint_type: z.enum(CONSTRAINT_TYPES),
  max_count: z.number().int().nullable(),
  system: z.boolean(),
  assigned_users: z.array(z.string()).describe('Slot numbers of the members holding the role, padded.'),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})

export const ROLE_SELECT = {
  id: true,
  slug: true,
  name: true,
  description: true,
  icon: true,
  color: true,
  constraintType: true,
  maxCount: true,
  system: true,
  createdAt: true,
  updatedAt: true,
  members: { select: { id: true, slot: true }, orderBy: { slot: 'asc' } },
} as const

export type RoleRow = {
  id: string
  slug: string
  name: string
  description: string
  icon: string
  color: string
  constraintType: string
  maxCount: number | null
  system: boolean
  createdAt: Date | null
  updatedAt: Date | null
  members: { id: string, slot: number }[]
}

export const assignedUsers = (row: Pick<RoleRow, 'members'>) => row.members.map(member => formatSlot(member.slot))

export function toRoleRecord (row: RoleRow): z.input<typeof roleRecord> {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: row.color,
    constraint_type: row.constraintType as ConstraintType,
    max_count: row.maxCount,
    system: row.system,
    assigned_users: assignedUsers(row),
    created_at: isoOrNull(row.createdAt),
    updated_at: isoOrNull(row.updatedAt),
  }
}

export const unknownRole = (slug: string) => notFound(`there is no role "${slug}"`)

export async function findRole (db: Db | Tx, slug: string): Promise<RoleRow> {
  const row = await db.svcRole.findUnique({ where: { slug }, select: ROLE_SELECT })
  if (!row) throw unknownRole(slug)
  return row
}

/** A role's size rule, checked as a whole: "max" needs max_count, "none" takes none. */
export function sizeRule (constraintType: ConstraintType, maxCount: number | null): { constraintType: ConstraintType, maxCount: number | null } {
  if (constraintType === 'max' && maxCount === null) throw invalidParams('constraint_type "max" needs max_count (1 or more)')
  if (constraintType === 'none' && maxCount !== null) throw invalidParams('max_count applies only with constraint_type "max"')
  return { constraintType, maxCount }
}
