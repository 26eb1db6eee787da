import type { TeamMember } from '../../lib/records.ts'

/** How a member is called: full name, else first and last, else nickname, else the slot. */
export function memberName (member: TeamMember): string {
  const joined = [member.first_name, member.last_name].filter(Boolean).join(' ')
  return member.full_name || joined || member.nickname || `Member ${member.user_num}`
}
