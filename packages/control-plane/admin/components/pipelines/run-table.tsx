import { StatusLight } from '@keystar/ui/status-light'
import { Text } from '@keystar/ui/typography'
import type { RunRow } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { DataTable, type Column } from '../data-table.tsx'
import { RUN_STATUS_TONE } from './recipe-runner.tsx'

const COLUMNS: Column<RunRow>[] = [
  { key: 'id', header: 'Run', width: '4.5rem', cell: run => `#${run.id}` },
  { key: 'at', header: 'When', width: '9.5rem', cell: run => formatTime(run.created_at) },
  { key: 'recipe', header: 'Recipe', width: '9rem', cell: run => <code>{run.recipe_id}</code> },
  { key: 'post', header: 'Post', width: '5rem', cell: run => `#${run.post_id}` },
  { key: 'trigger', header: 'Trigger', width: '6rem', cell: run => run.trigger_kind },
  {
    key: 'status',
    header: 'Result',
    width: '8rem',
    cell: run => <StatusLight tone={RUN_STATUS_TONE[run.status]}>{run.status === 'dry_run' ? 'dry run' : run.status}</StatusLight>,
  },
  { key: 'duration', header: 'ms', width: '4rem', align: 'end', cell: run => <Text variant='tabular-nums'>{run.duration_ms}</Text> },
  { key: 'message', header: 'Message', cell: run => <span title={run.message ?? undefined}>{run.message ?? '—'}</span> },
]

/** One page of runs, newest first; a row opens the run. */
export function RunTable ({ runs, onOpen }: { runs: readonly RunRow[], onOpen: (run: RunRow) => void }) {
  return <DataTable label='Pipeline runs' columns={COLUMNS} rows={runs} rowKey={run => String(run.id)} empty='No run matches these filters.' onRowPress={onOpen} />
}
