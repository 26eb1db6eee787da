import { operation } from '../../lib/svc-client.ts'
import { VStack } from '@keystar/ui/layout'
import { TextLink } from '@keystar/ui/link'
import { Text } from '@keystar/ui/typography'
import type { Manifest } from '../../lib/svc-client.ts'
import type { CrmConnection } from '../../lib/records.ts'
import { plural } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { consoleActionsColumn } from '../console-actions-column.tsx'
import { DataTable, type Column } from '../data-table.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'

const LIST = operation('crm', 'list')

function columns (manifest: Manifest): Column<CrmConnection>[] {
  return [
    { key: 'slot', header: 'Slot', width: '5rem', cell: crm => <code>{crm.crm_num}</code> },
    { key: 'name', header: 'Name', cell: crm => <Text weight='medium'>{crm.name}</Text> },
    { key: 'code', header: 'Code', width: '8rem', cell: crm => <code>{crm.code}</code> },
    { key: 'url', header: 'URL', cell: crm => crm.url ? <TextLink href={crm.url} target='_blank' rel='noreferrer'>{crm.url}</TextLink> : '—' },
    { key: 'audience', header: 'Link shown to', width: '9.5rem', cell: crm => crm.link_admin_only ? 'administrators' : 'everyone' },
    consoleActionsColumn<CrmConnection>(manifest, '8rem', crm => [
      { label: 'Edit', operation: 'crm.update', params: { crm_num: crm.crm_num } },
      { label: 'Delete', operation: 'crm.delete', params: { crm_num: crm.crm_num } },
    ]),
  ]
}

/** The occupied CRM slots (crm.list). */
export function CrmOverview ({ manifest }: { manifest: Manifest }) {
  const crms = useOperation(LIST)
  return (
    <OperationState state={crms}>
      {data => (
        <Panel
          title='Connections'
          actions={<Text color='neutralSecondary'>{plural(data.crms.length, 'slot')} in use{data.crm_count === undefined ? '' : ` · highest slot used so far ${data.crm_count}`}</Text>}
        >
          <VStack gap='large'>
            <DataTable label='CRM connections' columns={columns(manifest)} rows={data.crms} rowKey={crm => crm.crm_num} empty='No CRM connection yet. Add one with “New CRM connection” above; captured leads can then be pushed to it.' />
          </VStack>
        </Panel>
      )}
    </OperationState>
  )
}
