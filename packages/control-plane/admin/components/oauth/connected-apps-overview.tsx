import { operation } from '../../lib/svc-client.ts'
import { ActionButton } from '@keystar/ui/button'
import { Text } from '@keystar/ui/typography'
import { InlineCode } from '@keystone-6/core/admin-ui/components'
import { DataTable, type Column } from '../data-table.tsx'
import { OperationState } from '../operation-state.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { formatTime } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { useAction } from '../../lib/use-action.ts'
import type { CallResult } from '../../lib/svc-client.ts'

const LIST = operation('connected_apps', 'list')

type ConnectedApp = CallResult<'connected_apps', 'list'>['apps'][number]

/** The apps this account let in with OAuth; disconnecting one ends its tokens at once. */
export function ConnectedAppsOverview () {
  const apps = useOperation(LIST)
  const revoke = useAction()
  const disconnect = async (app: ConnectedApp) => {
    const response = await revoke.run({ resource: 'connected_apps', action: 'revoke', params: { grant_id: app.grant_id }, confirm: true })
    if (response.ok) apps.reload()
  }
  const columns: Column<ConnectedApp>[] = [
    { key: 'client', header: 'App', cell: app => <Text>{app.client_name ?? app.client_id}</Text> },
    { key: 'client_id', header: 'Client id', cell: app => <InlineCode>{app.client_id}</InlineCode> },
    { key: 'scopes', header: 'Scopes', cell: app => <Text>{app.scopes.join(', ') || '—'}</Text> },
    { key: 'created', header: 'Connected', cell: app => <Text>{formatTime(app.created_at)}</Text>, width: '11rem' },
    { key: 'used', header: 'Last used', cell: app => <Text>{formatTime(app.last_used_at)}</Text>, width: '11rem' },
    {
      key: 'revoke',
      header: '',
      width: '9rem',
      align: 'end',
      cell: app => <ActionButton isDisabled={revoke.pending} onPress={() => void disconnect(app)} data-testid={`disconnect-${app.grant_id}`}>Disconnect</ActionButton>,
    },
  ]
  return (
    <Panel title='Apps signed in with your account' testId='connected-apps'>
      {revoke.failure && <FailureNotice failure={revoke.failure} />}
      <OperationState state={apps}>
        {data => <DataTable label='Connected apps' columns={columns} rows={data.apps} rowKey={app => app.grant_id} empty={<Text>No app is connected.</Text>} />}
      </OperationState>
    </Panel>
  )
}
