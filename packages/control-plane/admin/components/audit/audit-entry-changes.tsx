import { useEffect, useRef } from 'react'
import { Button } from '@keystar/ui/button'
import { VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { Text } from '@keystar/ui/typography'
import type { Manifest } from '../../lib/svc-client.ts'
import type { AuditEntry } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { findOperation } from '../../lib/manifest-access.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { ChangeDiff } from '../changes/change-diff.tsx'
import { EffectList } from '../changes/effect-list.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { RevertControl } from './revert-control.tsx'
import { callTarget, traceTarget } from './revert-target.ts'

/** The most calls of one trace the page counts; audit.revert undoes up to 500. */
const TRACE_CALLS = 100

/** A call whose changes audit.revert can undo: it wrote rows, really (not a preview), and its change set is whole. */
const revertable = (entry: AuditEntry): boolean => entry.changes.length > 0 && !entry.preview && entry.changes_complete

/** The other calls of the entry's trace (an agent's batch under one traceparent): when more than this one wrote rows, Revert for them all. */
function TraceRevert ({ traceId, onReverted }: { traceId: string, onReverted: () => void }) {
  const trace = useOperation({ resource: 'audit', action: 'list', params: { trace_id: traceId, per_page: TRACE_CALLS } })
  if (trace.status !== 'ready') return null
  const calls = trace.data.items.filter(revertable).length
  if (calls < 2) return null
  return (
    <VStack gap='regular' data-testid='trace-revert'>
      <Text>This call is one of {calls} calls of trace <code>{traceId}</code> that changed rows.</Text>
      <RevertControl target={traceTarget(traceId, calls)} onReverted={() => { trace.reload(); onReverted() }} />
    </VStack>
  )
}

type AuditEntryChangesProps = { id: number, manifest: Manifest, onClose: () => void, onReverted: () => void }

/** One call's changes as a diff (audit.get), what it sent out of the site, and Revert (the call, or its whole trace) where the manifest offers audit.revert. */
export function AuditEntryChanges ({ id, manifest, onClose, onReverted }: AuditEntryChangesProps) {
  const entry = useOperation({ resource: 'audit', action: 'get', params: { id } })
  const shown = useRef<HTMLDivElement>(null)
  useEffect(() => { shown.current?.scrollIntoView({ block: 'start' }) }, [id])
  const reverted = () => { entry.reload(); onReverted() }
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
              {revertable(data) && findOperation(manifest, 'audit.revert') && (
                <>
                  <RevertControl target={callTarget(data.id, data.operation)} onReverted={reverted} />
                  {data.trace_id && <TraceRevert traceId={data.trace_id} onReverted={reverted} />}
                </>
              )}
            </VStack>
          )}
        </OperationState>
      </Panel>
    </div>
  )
}
