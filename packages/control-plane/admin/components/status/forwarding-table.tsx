import { HStack } from '@keystar/ui/layout'
import { TextLink } from '@keystar/ui/link'
import { StatusLight } from '@keystar/ui/status-light'
import { Text } from '@keystar/ui/typography'
import type { StatusReport } from '../../lib/records.ts'
import { DataTable, type Column } from '../data-table.tsx'
import { EmptyState } from '../empty-state.tsx'

type Backlog = StatusReport['forwarding'][number]

const COLUMNS: Column<Backlog>[] = [
  {
    key: 'source',
    header: 'Content source',
    cell: row => (
      <HStack gap='regular' alignItems='baseline'>
        <Text weight='semibold'>{row.name}</Text>
        <Text size='small' color='neutralSecondary'>{row.source}</Text>
      </HStack>
    ),
  },
  {
    key: 'state',
    header: 'Forwarding',
    width: '11rem',
    cell: row => row.failed > 0
      ? <StatusLight tone='critical'>failing</StatusLight>
      : <StatusLight tone={row.pending > 0 ? 'pending' : 'positive'}>{row.pending > 0 ? 'catching up' : 'up to date'}</StatusLight>,
  },
  { key: 'pending', header: 'Waiting', width: '6rem', align: 'end', cell: row => <Text variant='tabular-nums'>{row.pending}</Text> },
  { key: 'failed', header: 'Failed', width: '6rem', align: 'end', cell: row => <Text variant='tabular-nums' color={row.failed > 0 ? 'critical' : 'neutral'}>{row.failed}</Text> },
]

/** Forwards owed to each content source's receiver, and those given up. */
export function ForwardingTable ({ backlogs }: { backlogs: StatusReport['forwarding'] }) {
  if (backlogs.length === 0) {
    return (
      <EmptyState title='No content source yet'>
        Create one on the <TextLink href='/control-plane/content-sources'>Content sources</TextLink> page and point your sender at its ingest URL; its forwards show here.
      </EmptyState>
    )
  }
  return <DataTable label='Forwarding by content source' columns={COLUMNS} rows={backlogs} rowKey={row => row.source} empty='' />
}
