import { formatSlot } from '../../platform/db/slots.ts'

type Named = { slot: number, fullName: string, firstName: string, lastName: string, nickname: string }

/** How a member is addressed on their page and in e-mail: the most complete name they gave. */
export function memberDisplayName (member: Named): string {
  return member.fullName ||
    `${member.firstName} ${member.lastName}`.trim() ||
    member.nickname ||
    `Team member ${formatSlot(member.slot)}`
}
