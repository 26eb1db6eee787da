import { StatusLight } from '@keystar/ui/status-light'
import { Text } from '@keystar/ui/typography'
import type { StageReport } from '../../lib/records.ts'
import { DataTable, type Column } from '../data-table.tsx'

const STATUS_TONE = { success: 'positive', failed: 'critical', skipped: 'neutral' } as const

const COLUMNS: Column<StageReport & { position: number }>[] = [
  { key: 'position', header: '#', width: '2.5rem', cell: stage => stage.position },
  { key: 'type', header: 'Stage', width: '13rem', cell: stage => <code>{stage.type}</code> },
  { key: 'status', header: 'Result', width: '8rem', cell: stage => <StatusLight tone={STATUS_TONE[stage.status]}>{stage.status}</StatusLight> },
  { key: 'changed', header: 'Changed', width: '6rem', cell: stage => stage.changed ? 'yes' : 'no' },
  { key: 'duration', header: 'ms', width: '4rem', align: 'end', cell: stage => <Text variant='tabular-nums'>{stage.duration_ms}</Text> },
  { key: 'message', header: 'Message', cell: stage => <span title={stage.message ?? undefined}>{stage.message ?? '—'}</span> },
]

/** What each stage of a run did, in order. */
export function StageResults ({ stages }: { stages: readonly StageReport[] }) {
  return (
    <DataTable
      label='Stage results'
      columns={COLUMNS}
      rows={stages.map((stage, index) => ({ ...stage, position: index + 1 }))}
      rowKey={stage => String(stage.position)}
      empty='No stage ran: the run was skipped because nothing changed since the last successful run.'
    />
  )
}
