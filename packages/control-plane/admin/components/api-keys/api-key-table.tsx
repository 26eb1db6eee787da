import { Button } from '@keystar/ui/button'
import { VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Text, VisuallyHidden } from '@keystar/ui/typography'
import type { ApiKey } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { DataTable, type Column } from '../data-table.tsx'

const STATUS_TONE = { active: 'positive', revoked: 'neutral', expired: 'caution' } as const

/** What narrows a key beyond its scopes, or '' when nothing does. */
const limitsOf = (key: ApiKey): string => [
  key.read_only ? 'read-only' : null,
  key.approval === 'destructive' ? 'destructive calls need approval' : null,
  key.pinned_version ? `pinned to ${key.pinned_version}` : null,
].filter(Boolean).join('; ')

/** The account's keys; active ones can be revoked. */
export function ApiKeyTable ({ keys, onRevoke, showOwner = false, label = 'API keys' }: { keys: readonly ApiKey[], onRevoke: (key: ApiKey) => void, showOwner?: boolean, label?: string }) {
  const columns: Column<ApiKey>[] = [
    {
      key: 'label',
      header: 'Label and prefix',
      cell: key => (
        <VStack gap='small'>
          <Text weight='medium' truncate>{key.label}</Text>
          <Text size='small' color='neutralSecondary'><code>{key.prefix}</code>{showOwner && key.owner ? ` · account ${key.owner}` : ''}</Text>
        </VStack>
      ),
    },
    {
      key: 'scopes',
      header: 'Scopes',
      cell: key => (
        <VStack gap='small'>
          <Text size='small'>{key.scopes === null ? 'everything the account may do' : key.scopes.join(', ')}</Text>
          {limitsOf(key) && <Text size='small' color='neutralSecondary'>{limitsOf(key)}</Text>}
        </VStack>
      ),
    },
    { key: 'status', header: 'Status', width: '6.5rem', cell: key => <StatusLight tone={STATUS_TONE[key.status]}>{key.status}</StatusLight> },
    { key: 'created', header: 'Created', width: '9.5rem', cell: key => formatTime(key.created_at) },
    { key: 'used', header: 'Last used', width: '9.5rem', cell: key => key.last_used_at ? `${formatTime(key.last_used_at)}${key.last_used_ip ? ` from ${key.last_used_ip}` : ''}` : 'never' },
    { key: 'expires', header: 'Expires', width: '9.5rem', cell: key => key.expires_at ? formatTime(key.expires_at) : 'never' },
    {
      key: 'revoke',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: '7rem',
      align: 'end',
      cell: key => key.status === 'active'
        ? <Button tone='critical' onPress={() => onRevoke(key)} aria-label={`Revoke ${key.label}`}>Revoke</Button>
        : null,
    },
  ]
  return <DataTable label={label} columns={columns} rows={keys} rowKey={key => key.id} empty={showOwner ? 'No other account has a key.' : 'No keys yet: mint one above.'} />
}
