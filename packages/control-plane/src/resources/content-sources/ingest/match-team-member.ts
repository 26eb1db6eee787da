import type { AuthorResolver } from '../resource-settings.ts'

/**
 * The default author matcher for content sources: the team member whose work e-mail (any letter
 * case) or full name is the one a delivery names. It reads the team's list as `linkedAccount`
 * does, so content sources import nothing of the users resource.
 */
export const matchTeamMemberAuthor: AuthorResolver = async ({ by, value }, db) => {
  if (!value) return null
  const members = await db.svcTeamMember.findMany({
    where: by === 'email' ? { email: { not: '' } } : { fullName: value },
    select: { slot: true, email: true },
    orderBy: { slot: 'asc' },
  })
  const match = by === 'email' ? members.find(member => member.email?.toLowerCase() === value.toLowerCase()) : members[0]
  return match?.slot ?? null
}
