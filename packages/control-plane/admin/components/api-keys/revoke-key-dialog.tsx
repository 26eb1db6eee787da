import { AlertDialog } from '@keystar/ui/dialog'
import { Text } from '@keystar/ui/typography'
import type { ApiKey } from '../../lib/records.ts'

/** Asks before a key stops working. */
export function RevokeKeyDialog ({ apiKey, onRevoke }: { apiKey: ApiKey, onRevoke: () => void }) {
  return (
    <AlertDialog
      title={`Revoke “${apiKey.label}”?`}
      tone='critical'
      primaryActionLabel='Revoke key'
      cancelLabel='Keep it'
      onPrimaryAction={onRevoke}
      autoFocusButton='cancel'
    >
      <Text>The key <code>{apiKey.prefix}</code> stops working at once: every tool using it is refused from then on. This cannot be undone.</Text>
    </AlertDialog>
  )
}
