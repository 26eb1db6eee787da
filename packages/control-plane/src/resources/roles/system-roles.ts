import type { Db } from '../../platform/db/client.ts'
import { isUniqueViolation } from '../../platform/db/client.ts'
import { queryRows, type RawTarget } from '../../platform/db/raw-statements.ts'
import { rawNumber, scalarArg, stringsIn } from '../../platform/db/raw-values.ts'
import { placeholder } from '../../platform/db/sql-placeholder.ts'

/** The roles every site has. They are listed with system: true and cannot be changed or deleted. */
const SYSTEM_ROLES = [
  { slug: 'owner', name: 'Owner', description: 'Runs the site and the team.' },
  { slug: 'editor', name: 'Editor', description: 'Plans, edits and publishes articles.' },
  { slug: 'writer', name: 'Writer', description: 'Writes articles.' },
  { slug: 'reviewer', name: 'Reviewer', description: 'Reviews articles before they are published.' },
] as const

const SLUGS = SYSTEM_ROLES.map(role => role.slug)

/** Whether every system role is there, by one statement written by hand (the seed's check at start). */
export async function systemRolesPresent (target: RawTarget): Promise<boolean> {
  const slugs = stringsIn(target.provider, 'slug', SLUGS, 0)
  const [row] = await queryRows(target, {
    sql: `SELECT COUNT(*) FROM "svc_roles" WHERE ${slugs.sql} AND "system" = ${placeholder(target.provider, slugs.args.length)}`,
    args: [...slugs.args, true],
    argTypes: [...slugs.argTypes, scalarArg('boolean')],
  })
  return rawNumber(row?.[0]) === SYSTEM_ROLES.length
}

/**
 * Creates the system roles that are missing. Safe to run from any number of processes at once:
 * the slug is unique, so a role another process created first is simply skipped.
 */
export async function ensureSystemRoles (db: Db): Promise<void> {
  const present = await db.svcRole.count({ where: { slug: { in: SLUGS }, system: true } })
  if (present === SYSTEM_ROLES.length) return
  for (const role of SYSTEM_ROLES) {
    try {
      await db.svcRole.create({ data: { ...role, system: true, constraintType: 'none' } })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
}
