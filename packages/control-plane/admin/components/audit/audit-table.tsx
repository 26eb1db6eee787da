import { StatusLight } from '@keystar/ui/status-light'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import type { AuditEntry } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { DataTable, type Column } from '../data-table.tsx'

const params = css({
  fontFamily: tokenSchema.typography.fontFamily.code,
  fontSize: tokenSchema.typography.text.small.size,
  color: tokenSchema.color.foreground.neutralSecondary,
  whiteSpace: 'nowrap',
})

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'at', header: 'When', width: '9.25rem', cell: entry => <span title={entry.request_id ? `Request-Id ${entry.request_id}` : undefined}>{formatTime(entry.at)}</span> },
  { key: 'operation', header: 'Operation', width: '10rem', cell: entry => <code>{entry.operation}</code> },
  { key: 'actor', header: 'Actor', width: '11rem', cell: entry => entry.actor_email || entry.actor_id || <Text color='neutralSecondary'>no account</Text> },
  { key: 'via', header: 'Via', width: '4.75rem', cell: entry => entry.key_id ? <span title={`key svc_${entry.key_id}`}>API key</span> : entry.mode },
  { key: 'channel', header: 'Door', width: '5.5rem', cell: entry => entry.tool ? <span title={`MCP tool ${entry.tool}`}>{entry.channel}</span> : entry.channel },
  {
    key: 'outcome',
    header: 'Outcome',
    width: '9.5rem',
    cell: entry => <StatusLight tone={entry.ok ? 'positive' : 'critical'}>{entry.ok ? (entry.changed ? 'ok · changed' : 'ok') : entry.code ?? 'failed'}</StatusLight>,
  },
  { key: 'duration', header: 'ms', width: '3.5rem', align: 'end', cell: entry => <Text variant='tabular-nums'>{entry.duration_ms}</Text> },
  { key: 'params', header: 'Params', cell: entry => <span className={params} title={JSON.stringify(entry.params, null, 2)}>{JSON.stringify(entry.params)}</span> },
]

/** One page of audit entries, newest first. */
export function AuditTable ({ entries }: { entries: readonly AuditEntry[] }) {
  return <DataTable label='Audit entries' columns={COLUMNS} rows={entries} rowKey={entry => String(entry.id)} empty='No entry matches.' />
}
