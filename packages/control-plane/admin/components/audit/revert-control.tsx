import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { DialogContainer } from '@keystar/ui/dialog'
import { HStack, VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { Text } from '@keystar/ui/typography'
import type { RevertOutcome, RevertPreview } from '../../lib/records.ts'
import { plural } from '../../lib/format.ts'
import { useAction } from '../../lib/use-action.ts'
import { EffectList } from '../changes/effect-list.tsx'
import { RevertRefusal } from '../changes/moved-rows.tsx'
import { RevertDialog } from './revert-dialog.tsx'
import type { RevertTarget } from './revert-target.ts'

/**
 * Revert: audit.revert previewed first (its diff, what cannot be undone) in a dialog, then sent
 * with the preview's plan once the administrator confirms, so it runs only as it was shown.
 */
export function RevertControl ({ target, onReverted }: { target: RevertTarget, onReverted: () => void }) {
  const revert = useAction()
  const [previewed, setPreviewed] = useState<RevertPreview | null>(null)
  const [outcome, setOutcome] = useState<RevertOutcome | null>(null)
  const call = { resource: 'audit', action: 'revert', params: target.params, confirm: true } as const

  async function askFirst () {
    const response = await revert.preview(call)
    if (response.ok) setPreviewed(response.data)
  }

  async function runAsPreviewed (plan: string) {
    setPreviewed(null)
    const response = await revert.run({ ...call, plan })
    if (!response.ok) return
    setOutcome(response.data)
    onReverted()
  }

  return (
    <VStack gap='large'>
      {!outcome && (
        <HStack>
          <Button tone='critical' onPress={() => { void askFirst() }} isDisabled={revert.pending} aria-label={`Revert ${target.name}`}>{target.label}</Button>
        </HStack>
      )}
      {revert.failure && <RevertRefusal failure={revert.failure} />}
      {outcome && (
        <Notice tone='positive' data-testid='revert-outcome'>
          <Text>Reverted {target.name}: {plural(outcome.restored.length, 'row')} put back as {outcome.restored.length === 1 ? 'it was' : 'they were'}.</Text>
          <EffectList effects={outcome.cannot_undo} title='Not undone (it had left the site)' testId='not-undone' />
        </Notice>
      )}
      <DialogContainer onDismiss={() => setPreviewed(null)}>
        {previewed && <RevertDialog name={target.name} previewed={previewed} onConfirm={() => { void runAsPreviewed(previewed.plan) }} onCancel={() => setPreviewed(null)} />}
      </DialogContainer>
    </VStack>
  )
}
