import { Button, ButtonGroup } from '@keystar/ui/button'
import { Dialog } from '@keystar/ui/dialog'
import { VStack } from '@keystar/ui/layout'
import { Content } from '@keystar/ui/slots'
import { Heading, Text } from '@keystar/ui/typography'
import type { AuditEntry, RevertPreview } from '../../lib/records.ts'
import { ChangeDiff } from '../changes/change-diff.tsx'
import { EffectList } from '../changes/effect-list.tsx'

type RevertDialogProps = {
  entry: Pick<AuditEntry, 'id' | 'operation'>
  /** What the revert would change, from its preview. */
  previewed: RevertPreview
  onConfirm: () => void
  onCancel: () => void
}

/** The revert's own diff before it runs, and what no revert takes back; the safe answer has the focus. */
export function RevertDialog ({ entry, previewed, onConfirm, onCancel }: RevertDialogProps) {
  return (
    <Dialog role='alertdialog' size='large'>
      <Heading>Revert call {entry.id} ({entry.operation})?</Heading>
      <Content>
        <VStack gap='large'>
          <Text>Reverting puts every row back as it was before the call:</Text>
          <ChangeDiff changes={previewed.preview.changes} empty='The revert would change no row.' />
          <EffectList effects={previewed.preview.result.cannot_undo} title='Cannot be undone (it already left the site)' testId='cannot-undo' />
        </VStack>
      </Content>
      <ButtonGroup align='end'>
        <Button onPress={onCancel} autoFocus>Keep the changes</Button>
        <Button prominence='high' tone='critical' onPress={onConfirm}>Revert</Button>
      </ButtonGroup>
    </Dialog>
  )
}
