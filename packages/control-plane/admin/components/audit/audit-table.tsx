import { ActionButton } from '@keystar/ui/button'
import { HStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import type { AuditEntry } from '../../lib/records.ts'
import { formatTime, plural } from '../../lib/format.ts'
import { DataTable, type Column } from '../data-table.tsx'

const params = css({
  fontFamily: tokenSchema.typography.fontFamily.code,
  fontSize: tokenSchema.typography.text.small.size,
  color: tokenSchema.color.foreground.neutralSecondary,
  whiteSpace: 'nowrap',
})

type ShowChanges = (entry: AuditEntry) => void

/** How the call ended: its refusal's code, or ok (a preview says so); with `onShow`, the rows it wrote open its diff. */
function Outcome ({ entry, onShow }: { entry: AuditEntry, onShow: ShowChanges | undefined }) {
  if (!entry.ok) return <StatusLight tone='critical'>{entry.code ?? 'failed'}</StatusLight>
  const tone = entry.preview ? 'neutral' : 'positive'
  if (!onShow || entry.changes.length === 0) return <StatusLight tone={tone}>{entry.preview ? 'preview' : entry.changed ? 'ok · changed' : 'ok'}</StatusLight>
  return (
    <HStack gap='small' alignItems='center'>
      <StatusLight tone={tone}>{entry.preview ? 'preview' : 'ok'}</StatusLight>
      <ActionButton onPress={() => onShow(entry)} aria-label={`Show the changes of call ${entry.id}`}>{plural(entry.changes.length, 'row')}</ActionButton>
    </HStack>
  )
}

const columns = (onShow: ShowChanges | undefined): Column<AuditEntry>[] => [
  { key: 'at', header: 'When', width: '9.25rem', cell: entry => <span title={entry.request_id ? `Request-Id ${entry.request_id}` : undefined}>{formatTime(entry.at)}</span> },
  { key: 'operation', header: 'Operation', width: '10rem', cell: entry => <code>{entry.operation}</code> },
  { key: 'actor', header: 'Actor', width: '10rem', cell: entry => entry.actor_email || entry.actor_id || <Text color='neutralSecondary'>no account</Text> },
  { key: 'via', header: 'Via', width: '4.75rem', cell: entry => entry.key_id ? <span title={`key svc_${entry.key_id}`}>API key</span> : entry.mode },
  { key: 'channel', header: 'Door', width: '5.5rem', cell: entry => entry.tool ? <span title={`MCP tool ${entry.tool}`}>{entry.channel}</span> : entry.channel },
  {
    key: 'outcome',
    header: 'Outcome',
    width: '10.5rem',
    cell: entry => <Outcome entry={entry} onShow={onShow} />,
  },
  { key: 'duration', header: 'ms', width: '3.5rem', align: 'end', cell: entry => <Text variant='tabular-nums'>{entry.duration_ms}</Text> },
  { key: 'params', header: 'Params', cell: entry => <span className={params} title={JSON.stringify(entry.params, null, 2)}>{JSON.stringify(entry.params)}</span> },
]

/** One page of audit entries, newest first; with `onShow`, a call that wrote rows opens its diff. */
export function AuditTable ({ entries, onShow }: { entries: readonly AuditEntry[], onShow?: (entry: AuditEntry) => void }) {
  return <DataTable label='Audit entries' columns={columns(onShow)} rows={entries} rowKey={entry => String(entry.id)} empty='No entry matches.' />
}
