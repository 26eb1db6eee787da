import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import { dispatch, type SvcFailure, operation } from '../../lib/svc-client.ts'
import type { Approval } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { CallPreviewView } from '../changes/call-preview.tsx'
import { DataTable, type Column } from '../data-table.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { OperationState } from '../operation-state.tsx'

const PENDING = operation('approvals', 'list', { status: 'pending' })

/** What the held call would change, previewed when it was held (none for an operation that cannot be previewed). */
function WouldChange ({ approval }: { approval: Approval }) {
  return (
    <VStack gap='regular' data-testid='approval-preview'>
      <Text size='small' weight='medium'>If approved, it would change</Text>
      <CallPreviewView preview={approval.preview} />
    </VStack>
  )
}

/** Destructive calls that approval-gated keys asked for, each with what it would change: approve (it runs now, as that key) or reject. */
export function ApprovalsOverview () {
  const approvals = useOperation(PENDING)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)

  async function decide (approval: Approval, action: 'approve' | 'reject') {
    const response = await dispatch({ resource: 'approvals', action, params: { id: approval.id } })
    setFailure(response.ok ? null : response)
    approvals.reload()
  }

  const columns: Column<Approval>[] = [
    {
      key: 'call',
      header: 'Call',
      cell: approval => (
        <VStack gap='small'>
          <Text weight='medium'><code>{approval.operation}</code></Text>
          <Text size='small' color='neutralSecondary'><code>{JSON.stringify(approval.params)}</code></Text>
        </VStack>
      ),
    },
    { key: 'asked', header: 'Asked by', cell: approval => `${approval.requested_by} (key svc_${approval.key_id})` },
    { key: 'when', header: 'Asked', width: '9.5rem', cell: approval => formatTime(approval.requested_at) },
    { key: 'expires', header: 'Expires', width: '9.5rem', cell: approval => formatTime(approval.expires_at) },
    {
      key: 'decide',
      header: 'Decision',
      width: '13rem',
      align: 'end',
      cell: approval => (
        <HStack gap='regular'>
          <Button tone='critical' onPress={() => { void decide(approval, 'approve') }} aria-label={`Approve ${approval.operation}`}>Approve</Button>
          <Button onPress={() => { void decide(approval, 'reject') }} aria-label={`Reject ${approval.operation}`}>Reject</Button>
        </HStack>
      ),
    },
  ]

  return (
    <Panel title='Waiting for a decision'>
      {failure && <FailureNotice failure={failure} title='The decision was not recorded' />}
      <OperationState state={approvals}>
        {data => <DataTable label='Pending approvals' columns={columns} rows={data.approvals} rowKey={approval => approval.id} empty='Nothing waits for approval.' detail={approval => <WouldChange approval={approval} />} />}
      </OperationState>
    </Panel>
  )
}
