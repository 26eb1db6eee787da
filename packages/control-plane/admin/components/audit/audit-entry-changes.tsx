import { useEffect, useRef, useState } from 'react'
import { Button } from '@keystar/ui/button'
import { DialogContainer } from '@keystar/ui/dialog'
import { HStack, VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { Text } from '@keystar/ui/typography'
import type { Manifest } from '../../lib/svc-client.ts'
import type { AuditEntry, RevertOutcome, RevertPreview } from '../../lib/records.ts'
import { formatTime, plural } from '../../lib/format.ts'
import { findOperation } from '../../lib/manifest-access.ts'
import { useAction } from '../../lib/use-action.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { ChangeDiff } from '../changes/change-diff.tsx'
import { EffectList } from '../changes/effect-list.tsx'
import { RevertRefusal } from '../changes/moved-rows.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { RevertDialog } from './revert-dialog.tsx'

/** A call whose changes audit.revert can undo: it wrote rows, really (not a preview), and its change set is whole. */
const revertable = (entry: AuditEntry): boolean => entry.changes.length > 0 && !entry.preview && entry.changes_complete

/** Revert: the revert previewed first (its diff, what cannot be undone), then run as previewed once the administrator confirms. */
function RevertControl ({ entry, onReverted }: { entry: AuditEntry, onReverted: () => void }) {
  const revert = useAction()
  const [previewed, setPreviewed] = useState<RevertPreview | null>(null)
  const [outcome, setOutcome] = useState<RevertOutcome | null>(null)
  const call = { resource: 'audit', action: 'revert', params: { audit_id: entry.id }, confirm: true } as const

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
          <Button tone='critical' onPress={() => { void askFirst() }} isDisabled={revert.pending} aria-label={`Revert call ${entry.id}`}>Revert</Button>
        </HStack>
      )}
      {revert.failure && <RevertRefusal failure={revert.failure} />}
      {outcome && (
        <Notice tone='positive' data-testid='revert-outcome'>
          <Text>Reverted: {plural(outcome.restored.length, 'row')} put back as {outcome.restored.length === 1 ? 'it was' : 'they were'}.</Text>
          <EffectList effects={outcome.cannot_undo} title='Not undone (it had left the site)' testId='not-undone' />
        </Notice>
      )}
      <DialogContainer onDismiss={() => setPreviewed(null)}>
        {previewed && <RevertDialog entry={entry} previewed={previewed} onConfirm={() => { void runAsPreviewed(previewed.plan) }} onCancel={() => setPreviewed(null)} />}
      </DialogContainer>
    </VStack>
  )
}

type AuditEntryChangesProps = { id: number, manifest: Manifest, onClose: () => void, onReverted: () => void }

/** One call's changes as a diff (audit.get), what it sent out of the site, and Revert where the manifest offers audit.revert. */
export function AuditEntryChanges ({ id, manifest, onClose, onReverted }: AuditEntryChangesProps) {
  const entry = useOperation({ resource: 'audit', action: 'get', params: { id } })
  const shown = useRef<HTMLDivElement>(null)
  useEffect(() => { shown.current?.scrollIntoView({ block: 'start' }) }, [id])
  return (
    <div ref={shown}>
      <Panel title={`Call ${id}`} actions={<Button onPress={onClose}>Close</Button>} testId='audit-entry-changes'>
        <OperationState state={entry}>
          {data => (
            <VStack gap='large'>
              <Text>
                <code>{data.operation}</code> by {data.actor_email || data.actor_id || 'no account'}, {formatTime(data.at)}
                {data.preview ? ' · a preview: nothing of it was written' : ''}
              </Text>
              {!data.changes_complete && <Notice tone='caution'><Text>The call wrote more rows than a change set keeps: its changes are cut short and it cannot be reverted.</Text></Notice>}
              <ChangeDiff changes={data.changes} empty='The call changed no row.' />
              <EffectList effects={data.effects} title='Left the site (no revert takes it back)' testId='audit-effects' />
              {revertable(data) && findOperation(manifest, 'audit.revert') && <RevertControl entry={data} onReverted={() => { entry.reload(); onReverted() }} />}
            </VStack>
          )}
        </OperationState>
      </Panel>
    </div>
  )
}
