import { AlertDialog } from '@keystar/ui/dialog'
import { Text } from '@keystar/ui/typography'
import type { TeamMember } from '../../lib/records.ts'
import { memberName } from './member-name.ts'

/** Asks before every Admin UI session of a member's account ends (sessions.revoke); the safe answer has the focus. */
export function SignOutEverywhereDialog ({ member, onConfirm }: { member: TeamMember, onConfirm: () => void }) {
  return (
    <AlertDialog
      title={`Sign ${memberName(member)} out everywhere?`}
      tone='critical'
      primaryActionLabel='Sign out everywhere'
      cancelLabel='Keep them signed in'
      onPrimaryAction={onConfirm}
      autoFocusButton='cancel'
    >
      <Text>Every Admin UI session of this account ends at once, on every device and every instance; signing in again starts a new one. Its API keys keep working: revoke them on the API keys page.</Text>
    </AlertDialog>
  )
}
