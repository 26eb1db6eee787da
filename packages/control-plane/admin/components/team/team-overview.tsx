import { Badge } from '@keystar/ui/badge'
import { Flex } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { Manifest } from '../../lib/svc-client.ts'
import type { TeamList, TeamMember } from '../../lib/records.ts'
import { plural } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { consoleActionsColumn } from '../console-actions-column.tsx'
import { DataTable, type Column } from '../data-table.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { memberName } from './member-name.ts'

const LIST = { resource: 'users', action: 'list' }

function columns (manifest: Manifest, members: readonly TeamMember[]): Column<TeamMember>[] {
  const withRoles = members.some(member => member.roles !== undefined)
  return [
    { key: 'slot', header: 'Slot', width: '4.5rem', cell: member => <code>{member.user_num}</code> },
    { key: 'name', header: 'Name', cell: member => <Text weight='medium'>{memberName(member)}</Text> },
    { key: 'email', header: 'Work e-mail', cell: member => member.email || '—' },
    { key: 'phone', header: 'Phone', width: '9rem', cell: member => member.phone_number || '—' },
    { key: 'company', header: 'Company', width: '8rem', cell: member => member.company_name || '—' },
    ...(withRoles
      ? [{
          key: 'roles',
          header: 'Roles',
          width: '9rem',
          cell: (member: TeamMember) => member.roles?.length
            ? <Flex gap='small' wrap>{member.roles.map(role => <Badge key={role} tone='neutral'>{role}</Badge>)}</Flex>
            : '—',
        }]
      : []),
    consoleActionsColumn<TeamMember>(manifest, '7.5rem', member => [
      { label: 'Edit', operation: 'users.update', params: { user_num: member.user_num } },
      { label: 'Delete', operation: 'users.delete', params: { user_num: member.user_num } },
    ]),
  ]
}

/** The active team members in their slots (users.list). */
export function TeamOverview ({ manifest }: { manifest: Manifest }) {
  const team = useOperation<TeamList>(LIST)
  return (
    <OperationState state={team}>
      {data => (
        <Panel title='Team members' actions={<Text color='neutralSecondary'>{plural(data.users.length, 'active member')}</Text>}>
          <DataTable label='Team members' columns={columns(manifest, data.users)} rows={data.users} rowKey={member => member.user_num} empty='No team member yet. Add one with “Add team member” above; each member takes the next free slot and gets a personal page.' />
        </Panel>
      )}
    </OperationState>
  )
}
