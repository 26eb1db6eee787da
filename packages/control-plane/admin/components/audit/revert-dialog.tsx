import { Button, ButtonGroup } from '@keystar/ui/button'
import { Dialog } from '@keystar/ui/dialog'
import { VStack } from '@keystar/ui/layout'
import { Content } from '@keystar/ui/slots'
import { Heading, Text } from '@keystar/ui/typography'
import type { RevertPreview } from '../../lib/records.ts'
import { ChangeDiff } from '../changes/change-diff.tsx'
import { EffectList } from '../changes/effect-list.tsx'

type RevertDialogProps = {
  /** What is reverted, in words: "call 12 (crm.update)". */
  name: string
  /** What the revert would change, from its preview. */
  previewed: RevertPreview
  onConfirm: () => void
  onCancel: () => void
}

/** The revert's own diff before it runs, the calls it undoes and what no revert takes back; the safe answer has the focus. */
export function RevertDialog ({ name, previewed, onConfirm, onCancel }: RevertDialogProps) {
  const { changes, result } = previewed.preview
  return (
    <Dialog role='alertdialog' size='large'>
      <Heading>Revert {name}?</Heading>
      <Content>
        <VStack gap='large'>
          <Text>
            Reverting puts every row back as it was before {result.reverted.length === 1 ? 'the call' : `these calls, newest first: ${result.reverted.map(call => `${call.audit_id} ${call.operation}`).join(', ')}`}:
          </Text>
          <ChangeDiff changes={changes} empty='The revert would change no row.' />
          <EffectList effects={result.cannot_undo} title='Cannot be undone (it already left the site)' testId='cannot-undo' />
        </VStack>
      </Content>
      <ButtonGroup align='end'>
        <Button onPress={onCancel} autoFocus>Keep the changes</Button>
        <Button prominence='high' tone='critical' onPress={onConfirm}>Revert</Button>
      </ButtonGroup>
    </Dialog>
  )
}
