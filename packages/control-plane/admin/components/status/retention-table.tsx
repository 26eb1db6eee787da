import { StatusLight } from '@keystar/ui/status-light'
import { Text } from '@keystar/ui/typography'
import type { StatusReport } from '../../lib/records.ts'
import { ageOf } from '../../lib/health.ts'
import { DataTable, type Column } from '../data-table.tsx'

type Rule = StatusReport['retention'][number]

const days = (rule: Rule) => rule.days === null ? 'kept' : rule.days === 1 ? '1 day' : `${rule.days} days`

const COLUMNS: Column<Rule>[] = [
  { key: 'removes', header: 'Records', cell: row => <Text>{row.removes}</Text> },
  { key: 'days', header: 'Kept', width: '7rem', cell: row => <Text variant='tabular-nums'>{days(row)}</Text> },
  { key: 'rows', header: 'Rows', width: '7rem', align: 'end', cell: row => <Text variant='tabular-nums'>{row.rows ?? '—'}</Text> },
  { key: 'oldest', header: 'Oldest', width: '8rem', cell: row => <Text>{row.oldest_at ? ageOf(row.oldest_at) : '—'}</Text> },
  {
    key: 'pruned',
    header: 'Last prune',
    width: '12rem',
    cell: row => row.last_pruned_at
      ? <StatusLight tone='positive'>{ageOf(row.last_pruned_at)} ago · {row.last_pruned} removed</StatusLight>
      : <StatusLight tone='neutral'>not yet</StatusLight>,
  },
]

/** How long each kind of record is kept, and what the pruner last found (its notes; nothing is counted for this page). */
export function RetentionTable ({ rules }: { rules: StatusReport['retention'] }) {
  return <DataTable label='Retention' columns={COLUMNS} rows={rules} rowKey={row => row.rule} empty='No retention rules' />
}
