import { useEffect } from 'react'
import { Button } from '@keystar/ui/button'
import { VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Text, VisuallyHidden } from '@keystar/ui/typography'
import { formatTime } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { DataTable, type Column } from '../data-table.tsx'
import { OperationState } from '../operation-state.tsx'
import type { DeliveryAttempt } from './types.ts'

/** The recent attempts of one subscription, newest first, each with a resend button. */
export function DeliveriesTable ({ id, round, onResend }: { id: string, round: number, onResend: (eventId: string) => void }) {
  const deliveries = useOperation({ resource: 'webhooks', action: 'list_deliveries', params: { id, per_page: 20 } })
  const { reload } = deliveries
  useEffect(() => { if (round > 0) reload() }, [round, reload])
  const columns: Column<DeliveryAttempt>[] = [
    { key: 'at', header: 'When', width: '9.5rem', cell: row => formatTime(row.at) },
    {
      key: 'event',
      header: 'Event',
      cell: row => (
        <VStack gap='small'>
          <Text weight='medium'>{row.event_type}</Text>
          <Text size='small' color='neutralSecondary'><code>{row.event_id}</code> · attempt {row.attempt}</Text>
        </VStack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: '9rem',
      cell: row => <StatusLight tone={row.status === 'succeeded' ? 'positive' : 'critical'}>{row.http_status ?? 'no answer'} · {row.duration_ms} ms</StatusLight>,
    },
    { key: 'answer', header: 'Answer', cell: row => <Text size='small' truncate>{row.error ?? row.response_excerpt}</Text> },
    {
      key: 'resend',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: '7.5rem',
      align: 'end',
      cell: row => <Button onPress={() => onResend(row.event_id)} aria-label={`Resend ${row.event_id}`}>Resend</Button>,
    },
  ]
  return (
    <OperationState state={deliveries}>
      {data => <DataTable label={`Deliveries of ${id}`} columns={columns} rows={data.items} rowKey={row => String(row.id)} empty='Nothing delivered yet.' />}
    </OperationState>
  )
}
