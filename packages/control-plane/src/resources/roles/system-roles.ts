import type { Db } from '../../platform/db/client.ts'
import { isUniqueViolation } from '../../platform/db/client.ts'

/** The roles every site has. They are listed with system: true and cannot be changed or deleted. */
const SYSTEM_ROLES = [
  { slug: 'owner', name: 'Owner', description: 'Runs the site and the team.' },
  { slug: 'editor', name: 'Editor', description: 'Plans, edits and publishes articles.' },
  { slug: 'writer', name: 'Writer', description: 'Writes articles.' },
  { slug: 'reviewer', name: 'Reviewer', description: 'Reviews articles before they are published.' },
] as const

/**
 * Creates the system roles that are missing. Safe to run from any number of processes at once:
 * the slug is unique, so a role another process created first is simply skipped.
 */
export async function ensureSystemRoles (db: Db): Promise<void> {
  const slugs = SYSTEM_ROLES.map(role => role.slug)
  const present = await db.svcRole.count({ where: { slug: { in: slugs }, system: true } })
  if (present === SYSTEM_ROLES.length) return
  for (const role of SYSTEM_ROLES) {
    try {
      await db.svcRole.create({ data: { ...role, system: true, constraintType: 'none' } })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
}
