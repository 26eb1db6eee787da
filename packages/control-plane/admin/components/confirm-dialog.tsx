import type { ReactNode } from 'react'
import { AlertDialog } from '@keystar/ui/dialog'
import { Text } from '@keystar/ui/typography'

type ConfirmDialogProps = {
  title: string
  /** The button that goes ahead, e.g. "Delete recipe". */
  actionLabel: string
  cancelLabel?: string
  onConfirm: () => void
  children: ReactNode
}

/** Asks before something that cannot be undone; the safe answer has the focus. */
export function ConfirmDialog ({ title, actionLabel, cancelLabel = 'Keep it', onConfirm, children }: ConfirmDialogProps) {
  return (
    <AlertDialog
      title={title}
      tone='critical'
      primaryActionLabel={actionLabel}
      cancelLabel={cancelLabel}
      onPrimaryAction={onConfirm}
      autoFocusButton='cancel'
    >
      <Text>{children}</Text>
    </AlertDialog>
  )
}
