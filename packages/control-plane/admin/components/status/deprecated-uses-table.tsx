import { Text } from '@keystar/ui/typography'
import type { StatusReport } from '../../lib/records.ts'
import { DataTable, type Column } from '../data-table.tsx'

type Use = StatusReport['deprecated_uses'][number]

const COLUMNS: Column<Use>[] = [
  { key: 'use', header: 'Deprecated', cell: row => <Text>{row.use}</Text> },
  { key: 'caller', header: 'Caller', cell: row => <Text>{row.caller}</Text> },
  { key: 'count', header: 'Calls', width: '7rem', align: 'end', cell: row => <Text variant='tabular-nums'>{row.count}</Text> },
]

/** Who still calls what is deprecated, so an administrator can tell them before its sunset. */
export function DeprecatedUsesTable ({ uses }: { uses: StatusReport['deprecated_uses'] }) {
  return <DataTable label='Deprecated uses' columns={COLUMNS} rows={uses} rowKey={row => `${row.use} ${row.caller}`} empty='Nobody calls anything deprecated' />
}
